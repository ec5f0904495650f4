import careers from '../careers';
import contacts from '../contacts';
import shipments from '../shipments';

/**
 * Every feature module, the one list (ARCHITECTURE.md, "Adding a feature"). The order is the order of
 * their stores (one may build on another's listed before it), of the routes within each stage, and of
 * the LGPD hooks: a module comes after those whose ids it needs.
 */
export const MODULES = [contacts, careers, shipments] as const;
