import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { ApiSuccess } from '../../shared/api/types';
import { leadChangeSchema } from '../../shared/lead-change';
import type { LeadKind } from '../../shared/lead-status';
import { bodyKind } from '../http/body';
import { refuse, sendRefusal } from '../http/refusals';
import { fieldErrors } from '../http/validation';
import { type LeadResource, leadResource, type WorkedLead } from '../leads/resource';
import { auditContext } from '../module/audit';
import type { Stores } from '../stores';

// PATCH /api/contacts/ID and /api/quotes/ID (docs/requirements.md §6.2, §6.4): a CRM sets the
// status, the owner and notes with the API's token. The version is the ETag; If-Match makes the change
// conditional (RFC 9110 §13.1.1), so a CRM that read an older version gets 412 and the lead as it now
// stands, never a silent overwrite (docs/decisions/033-concurrent-lead-edits.md).

type LeadStores = Pick<Stores, 'inbox' | 'team' | 'audit'>;

/** A version as a strong ETag, "3": the same bytes for the same state on every replica. */
export const etagOf = (lead: WorkedLead) => `"${lead.work.version}"`;

const REFUSALS = {
  contact: { invalidId: 'INVALID_CONTACT_ID', notFound: 'CONTACT_NOT_FOUND' },
  quote: { invalidId: 'INVALID_QUOTE_ID', notFound: 'QUOTE_NOT_FOUND' },
} as const;

/**
 * Whether If-Match lets a change made on `lead` through. None: the client asked for no condition.
 * Else a list of entity tags; a weak one never matches (strong comparison, RFC 9110 §13.1.1).
 */
function matches(header: string | undefined, lead: WorkedLead) {
  if (header === undefined || header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim() === etagOf(lead));
}

async function withResource({ inbox }: LeadStores, lead: WorkedLead) {
  return leadResource(lead, await inbox.leadNotes(lead.record.id));
}

export function patchLead(stores: LeadStores, kind: LeadKind): RequestHandler {
  const { invalidId, notFound } = REFUSALS[kind];
  const changed = (res: Response, lead: WorkedLead, data: LeadResource) => {
    const message = kind === 'contact' ? 'Contato atualizado.' : 'Cotação atualizada.';
    res.set('ETag', etagOf(lead)).json({ success: true, message, data } satisfies ApiSuccess<LeadResource>);
  };
  // A reply that carries the lead is a line of the audit record, whatever its status (docs/requirements.md §11.6): the
  // 412 and a change of nothing write no line of their own.
  const viewed = (req: Request, res: Response, lead: WorkedLead) =>
    stores.audit.recordView({
      ...auditContext(req, res),
      action: 'lead.viewed',
      leadIds: [lead.record.id],
      detail: { table: lead.kind === 'contact' ? 'contacts' : 'quotes' },
    });
  const stale = async (req: Request, res: Response, lead: WorkedLead) => {
    await viewed(req, res, lead);
    sendRefusal(
      req,
      res,
      refuse('LEAD_CHANGED', { headers: { ETag: etagOf(lead) }, data: await withResource(stores, lead) }),
    );
  };

  return async (req, res) => {
    const id = z.uuid().safeParse(req.params.id);
    if (!id.success) return sendRefusal(req, res, refuse(invalidId));
    if (bodyKind(req) !== 'json') return sendRefusal(req, res, refuse('UNSUPPORTED_MEDIA_TYPE'));
    const parsed = leadChangeSchema.safeParse(req.body);
    if (!parsed.success) return sendRefusal(req, res, refuse('INVALID_FIELDS', { errors: fieldErrors(parsed.error) }));
    const { owner: ownerEmail, ...rest } = parsed.data;
    const owner = ownerEmail ? await stores.team.memberByEmail(ownerEmail) : undefined;
    if (ownerEmail && !owner)
      return sendRefusal(
        req,
        res,
        refuse('INVALID_FIELDS', {
          errors: { owner: 'Ninguém da equipe tem este e-mail: use o de um membro, ou null.' },
        }),
      );
    const lead = await stores.inbox.getLead(id.data);
    if (!lead || lead.kind !== kind) return sendRefusal(req, res, refuse(notFound));
    const condition = req.get('If-Match');
    if (!matches(condition, lead)) return stale(req, res, lead);
    const change = { ...rest, ...(ownerEmail !== undefined && { owner: owner?.id ?? null }) };
    const by = { ...auditContext(req, res), actor: { kind: 'token' } } as const;
    let result = await stores.inbox.changeLead(lead.record.id, lead.work.version, change, by);
    // Another change landed between the read above and this one. Without If-Match the client asked
    // for no condition: applied once more on the version that won. With it, the condition failed.
    if (result?.outcome === 'conflict' && condition === undefined)
      result = await stores.inbox.changeLead(lead.record.id, result.lead.work.version, change, by);
    if (!result) return sendRefusal(req, res, refuse(notFound));
    if (result.outcome === 'conflict') return stale(req, res, result.lead);
    if (!result.recorded) await viewed(req, res, result.lead);
    changed(res, result.lead, await withResource(stores, result.lead));
  };
}
