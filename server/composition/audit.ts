import { LEGACY_AUDIT } from '../audit/events';
import { PERSONAL_DATA_AUDIT } from '../personal-data/audit';
import { MODULES } from './modules';

/** Every audit action with the label the record shows, the modules' own after the features not yet modules. */
export const AUDIT_ACTIONS: Readonly<Record<string, string>> = Object.assign(
  {},
  LEGACY_AUDIT,
  PERSONAL_DATA_AUDIT,
  ...MODULES.map((module) => ('audit' in module ? module.audit : {})),
);
