import type { z } from 'zod';
import { requiredText } from './fields';
import {
  type ClientFields,
  inputSchema,
  leadId,
  leadSource,
  leadStatus,
  personFields,
  receivedAt,
  text,
  type ValuesOf,
} from './lead';

/**
 * A contact request (docs/requirements.md §3, §5), its fields in the order the API shows them:
 * the one definition everything about a contact comes from (see shared/lead.ts).
 */
export const contactFields = {
  id: leadId,
  status: leadStatus,
  ...personFields,
  message: text('Mensagem', requiredText({ label: 'uma mensagem', max: 5000, multiline: true })),
  createdAt: receivedAt('Recebido em'),
  source: leadSource,
};

/** POST /api/contacts: the one schema the server validates with. */
export const contactInputSchema = inputSchema(contactFields);

/** What the form sends; phone and company are left out when empty. */
export type ContactInput = z.input<typeof contactInputSchema>;
/** What the validator hands the repository. */
export type ContactFields = ValuesOf<ClientFields<typeof contactFields>>;
/** A stored contact request as the API returns it; absent optional fields are left out. */
export type Contact = ValuesOf<typeof contactFields>;
