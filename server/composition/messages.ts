import { APPLICATION_MESSAGES } from '../applications/messages';
import { arrivalOf, LEAD_MESSAGES, updateOf } from '../leads/messages';
import { channelsOf, type MessageTemplates } from '../module/messages';
import { PERSONAL_DATA_MESSAGES } from '../personal-data/messages';
import { PROPOSAL_MESSAGES } from '../proposals/notices';
import { TEAM_MESSAGES } from '../team/messages';
import { MODULES } from './modules';

/** The messages of the features that are not modules yet, each to move into its own entry. */
const LEGACY_MESSAGES = {
  ...LEAD_MESSAGES,
  quote: arrivalOf('quote'),
  'quote.updated': updateOf('quote'),
  ...TEAM_MESSAGES,
  ...PERSONAL_DATA_MESSAGES,
  ...PROPOSAL_MESSAGES,
  ...APPLICATION_MESSAGES,
};

/**
 * Every kind of message, with its template per channel: what the dispatchers render when they send
 * (server/outbox/channels/). A kind is declared once, by the module that queues it; each module's
 * outbox is typed over its own kinds (outboxOf), so a kind without its template does not compile.
 */
export const TEMPLATES: MessageTemplates = Object.assign(
  {},
  LEGACY_MESSAGES,
  ...MODULES.map((module) => ('messages' in module ? module.messages : {})),
);

/** The channels a kind goes to: its templates'. */
export const channelsOfKind = (kind: string) => {
  const template = TEMPLATES[kind];
  return template ? channelsOf(template) : [];
};
