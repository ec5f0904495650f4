import type { Contact } from '../../shared/contact';
import type { LeadNote, LeadWork } from '../../shared/inbox';
import type { LeadWorkBody } from '../../shared/lead-change';
import type { Quote } from '../../shared/quote';

/** A lead of either kind, its record exactly as it was stored: what a notification is about. */
export type Lead = { kind: 'contact'; record: Contact } | { kind: 'quote'; record: Quote };

/** A lead as it arrived (the API's record), and where the team's work on it stands. */
export type WorkedLead = Lead & { work: LeadWork };

// One lead as the API's PATCH replies it and the updated webhooks post it (docs/requirements.md §6.2, §10.15): the
// record as GET /api/contacts|quotes shows it, and the team's work beside it (shared/lead-change.ts).

export function leadResource({ record, work }: WorkedLead, notes: readonly LeadNote[]) {
  const body: LeadWorkBody = {
    ...(work.lostReason !== undefined && { lostReason: work.lostReason }),
    owner: work.owner ? { name: work.owner.name, email: work.owner.email ?? '' } : null,
    ...(work.respondedAt !== undefined && { respondedAt: work.respondedAt }),
    version: work.version,
    ...(work.updatedAt !== undefined && { updatedAt: work.updatedAt }),
    notes: notes.map(({ author, body, createdAt }) => ({ author: author.name, body, createdAt })),
  };
  return { ...record, status: work.status, ...body };
}

export type LeadResource = ReturnType<typeof leadResource>;
