import { message } from '../module/messages';

/**
 * A person's leads erased at their request, told to the receiver of the webhooks that had them
 * (LGPD art. 18 §6; docs/requirements.md §10.17): the address the leads were stored under, as the
 * erasure was asked for, and the ids of those the receiver may have been sent.
 */
export type SubjectErased = { email: string; contacts: string[]; quotes: string[]; erasedAt: string };

/** What an erasure's notice did: written for the receiver, not needed (it was sent none), or webhooks are off. */
export type CrmNotice = 'notified' | 'not-sent' | 'off';

export const PERSONAL_DATA_MESSAGES = {
  // Spelled out, so the keys keep this order whatever order the database kept the payload in (jsonb's own).
  'subject.erased': message<SubjectErased>({
    webhook: ({ email, contacts, quotes, erasedAt }) => ({
      type: 'subject.erased',
      timestamp: erasedAt,
      data: { email, contacts, quotes },
    }),
  }),
};
