import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SubjectProposal } from '../../shared/api/types';
import { LOST_REASON_MAX } from '../../shared/lead-status';
import type { ProposalState, ProposalTerms } from '../../shared/proposal';
import type { Quote } from '../../shared/quote';
import { todayInSaoPaulo } from '../../shared/sao-paulo-time';
import { appendAudit } from '../audit/sql-store';
import type { Database, Queries, Row } from '../db/database';
import { instant } from '../db/results';
import { type AnnounceChange, OPEN_STATUSES, workedLead } from '../inbox/sql-store';
import { leadResource } from '../leads/resource';
import type { AuditContext } from '../module/audit';
import type { ProposalMail, QuoteAccepted } from './notices';

// The proposals of a quote (docs/requirements.md §9.6; docs/decisions/047-proposals.md).
// A proposal is written once with its e-mail to the customer, in one transaction; its customer
// answers it once, by a conditional UPDATE that lets exactly one answer through whatever the replicas.
// Sending, answering and reopening take the quote's key lock first, so that on PostgreSQL they take
// turns per quote as SQLite's write transactions already do: a form's key is looked up, and a won
// quote seen, by a transaction that no other one of the same quote can overtake.

/** The floor a price was checked against, and an admin's reason to go under it. */
export type FloorCheck = { floorCents?: number; act?: string; overrideReason?: string; overrideBy?: string };

/** A proposal as the workplace and the customer's page read it. */
export type Proposal = ProposalTerms & {
  id: string;
  quoteId: string;
  createdBy: string;
  /** The e-mail of the member who wrote it, while they are a member: told of the answer. */
  senderEmail?: string;
  createdAt: string;
  sentAt?: string;
  viewedAt?: string;
  answeredAt?: string;
  answer?: 'accepted' | 'refused';
  answerReason?: string;
  acceptedBy?: string;
  floorCents?: number;
  floorAct?: string;
  overrideReason?: string;
  /** Whether a newer proposal of the same quote replaced it: only the newest can be answered. */
  superseded: boolean;
  /** Whether its quote is won (Ganho): an unanswered proposal of a won quote is void. */
  quoteWon: boolean;
};

/** What sending did: stored now, stored before by the same form (a double tap), or refused as the quote is won. */
type SendResult = { outcome: 'sent' | 'repeated'; proposal: Proposal } | { outcome: 'won' };

/** What a customer's answer did: this answer landed, or the proposal stands as it was. */
type AnswerResult = { outcome: 'answered'; proposal: Proposal } | { outcome: 'unchanged'; proposal: Proposal };

export type CustomerAnswer = { answer: 'accepted'; acceptedBy: string } | { answer: 'refused'; reason?: string };

/** What the store is told to queue with a proposal: its e-mail, and the owner's notice and webhook of an answer. */
export type ProposalNotices = {
  enqueue(
    tx: Queries,
    quoteId: string,
    notice: { kind: 'proposal.mail'; record: ProposalMail } | { kind: 'quote.accepted'; record: QuoteAccepted },
  ): Promise<boolean>;
  announce: AnnounceChange;
  /** What else an acceptance does in its transaction: the shipment it opens (docs/requirements.md §12.1). */
  accepted?: (tx: Queries, proposal: Proposal, quote: Quote) => Promise<void>;
};

export interface ProposalStore {
  /**
   * Stores a proposal of quote `quoteId` with its token's digest, and what `mail(token)` makes of its
   * link queued to the customer, with the audit line 'proposal.sent': all or nothing. The token,
   * which nothing stores, is returned for nobody but the e-mail. `formKey`, drawn with the form, makes
   * it once: a second send with the same key stores nothing and answers the first one's proposal. A
   * won quote takes none until it is reopened.
   */
  createProposal(
    quoteId: string,
    formKey: string,
    terms: ProposalTerms,
    floor: FloorCheck,
    mail: (token: string) => ProposalMail,
    by: AuditContext & { actor: { kind: 'member'; id: string; email: string } },
  ): Promise<SendResult>;
  /** The proposals of a quote, newest first. */
  proposalsOf(quoteId: string): Promise<Proposal[]>;
  /** The proposal a customer's token opens; undefined for a token no proposal has. */
  proposalByToken(token: string): Promise<Proposal | undefined>;
  /** Its first view by the link ('proposal.viewed'): nothing else of the proposal changes on a GET. */
  recordView(proposal: Proposal, by: AuditContext): Promise<void>;
  /**
   * The customer's answer, if the proposal is still open (unanswered, valid on São Paulo's `today`,
   * not superseded, its quote not won): exactly one of any answers at once lands. An acceptance wins the quote
   * and queues the quote.accepted webhook, a refusal loses a quote still open, and what `notice` makes
   * (the owner's notice, the customer's confirmation) is queued, all in the same transaction.
   */
  answer(
    proposal: Proposal,
    answer: CustomerAnswer,
    notice: (proposal: Proposal, owner?: string) => ProposalMail[],
    by: AuditContext,
  ): Promise<AnswerResult>;
  /**
   * A member's reopening of a won quote ('quote.reopened'): back to Proposta enviada, so that a new
   * proposal may be sent and answered. False when the quote is not won (reopened already, or never).
   */
  reopenQuote(
    quoteId: string,
    by: AuditContext & { actor: { kind: 'member'; id: string; email: string } },
  ): Promise<boolean>;
}

/** The lost reason a refusal writes, before the customer's own reason if they gave one. */
const REFUSED = 'Proposta recusada pelo cliente';

/** A token's SHA-256: what the table keeps, so that a copy of the database opens no proposal. */
const digestOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits, base64url: unguessable, and safe in a URL's path. */
const newToken = () => randomBytes(32).toString('base64url');

const COLUMNS = `p.id, p.quote_id, p.price_cents, p.includes_toll, p.includes_insurance, p.includes_icms,
  p.includes_text, p.valid_until, p.pickup_from, p.pickup_to, p.delivery_days, p.conditions, p.floor_cents, p.floor_act,
  p.override_reason, p.created_by, p.created_at, p.sent_at, p.viewed_at, p.answered_at, p.answer,
  p.answer_reason, p.accepted_by,
  EXISTS (SELECT 1 FROM proposals n WHERE n.quote_id = p.quote_id AND n.seq > p.seq) AS superseded,
  EXISTS (SELECT 1 FROM quotes q WHERE q.id = p.quote_id AND q.status = 'won') AS quote_won,
  (SELECT m.email FROM members m WHERE m.id = p.created_by) AS sender_email`;

const optional = <K extends string>(key: K, value: unknown) =>
  (value == null ? {} : { [key]: String(value) }) as Partial<Record<K, string>>;

const proposalOf = (row: Row): Proposal => ({
  id: String(row.id),
  quoteId: String(row.quote_id),
  priceCents: Number(row.price_cents),
  includesToll: Boolean(Number(row.includes_toll)),
  includesInsurance: Boolean(Number(row.includes_insurance)),
  includesIcms: Boolean(Number(row.includes_icms)),
  ...optional('includesText', row.includes_text),
  validUntil: String(row.valid_until),
  pickupFrom: String(row.pickup_from),
  pickupTo: String(row.pickup_to),
  ...(row.delivery_days != null && { deliveryDays: Number(row.delivery_days) }),
  ...optional('conditions', row.conditions),
  ...(row.floor_cents != null && { floorCents: Number(row.floor_cents) }),
  ...optional('floorAct', row.floor_act),
  ...optional('overrideReason', row.override_reason),
  createdBy: String(row.created_by),
  ...optional('senderEmail', row.sender_email),
  createdAt: instant(row.created_at)!,
  ...(row.sent_at != null && { sentAt: instant(row.sent_at) }),
  ...(row.viewed_at != null && { viewedAt: instant(row.viewed_at) }),
  ...(row.answered_at != null && { answeredAt: instant(row.answered_at) }),
  ...(row.answer != null && { answer: String(row.answer) as Proposal['answer'] }),
  ...optional('answerReason', row.answer_reason),
  ...optional('acceptedBy', row.accepted_by),
  // SQLite answers 0/1, PostgreSQL a boolean.
  superseded: row.superseded === true || Number(row.superseded) === 1,
  quoteWon: row.quote_won === true || Number(row.quote_won) === 1,
});

/**
 * The proposals made on these quotes, newest first, as their customer's access shows them
 * (docs/requirements.md §10.17): what was offered and how it was answered, without the team's own
 * notes of the floor check.
 */
export async function subjectProposals(queries: Queries, quoteIds: readonly string[]): Promise<SubjectProposal[]> {
  if (quoteIds.length === 0) return [];
  const rows = await select(queries, `p.quote_id IN (${quoteIds.map(() => '?').join(', ')})`, [...quoteIds]);
  return rows.map((row) => {
    const { floorCents, floorAct, overrideReason, createdBy, senderEmail, createdAt, superseded, quoteWon, ...shown } =
      proposalOf(row);
    return shown;
  });
}

/** Where the proposal stands for its customer on São Paulo's `today`. */
export function stateOf(proposal: Proposal, today = todayInSaoPaulo()): ProposalState {
  if (proposal.answer) return proposal.answer;
  if (proposal.superseded) return 'superseded';
  if (proposal.quoteWon) return 'voided';
  return proposal.validUntil < today ? 'expired' : 'open';
}

const select = (queries: Queries, where: string, params: string[]) =>
  queries.all(`SELECT ${COLUMNS} FROM proposals p WHERE ${where} ORDER BY p.seq DESC`, params);

/** What the webhook says of an accepted proposal (docs/api.md, "Webhook: a proposal accepted"). */
const acceptedProposal = (p: Proposal): QuoteAccepted['proposal'] => ({
  id: p.id,
  priceCents: p.priceCents,
  includes: {
    toll: p.includesToll,
    insurance: p.includesInsurance,
    icms: p.includesIcms,
    ...(p.includesText && { text: p.includesText }),
  },
  validUntil: p.validUntil,
  pickupWindow: { from: p.pickupFrom, to: p.pickupTo },
  ...(p.conditions && { conditions: p.conditions }),
  sentAt: p.sentAt ?? p.createdAt,
  acceptedBy: p.acceptedBy ?? '',
});

export function sqlProposals(db: Database, notices: ProposalNotices): ProposalStore {
  const byId = async (queries: Queries, id: string) => proposalOf((await select(queries, 'p.id = ?', [id]))[0]!);
  /** Waits for any other transaction on the same quote's proposals (SQLite's already take turns). */
  const quoteLock = async (tx: Queries, quoteId: string) => {
    if (db.dialect.keyLock) await tx.get(db.dialect.keyLock, [`proposals:${quoteId}`]);
  };

  return {
    createProposal: (quoteId, formKey, terms, floor, mail, by) =>
      db.transaction(async (tx): Promise<SendResult> => {
        await quoteLock(tx, quoteId);
        const [sent] = await select(tx, 'p.quote_id = ? AND p.form_key = ?', [quoteId, formKey]);
        if (sent) return { outcome: 'repeated', proposal: proposalOf(sent) };
        const quote = await tx.get('SELECT status FROM quotes WHERE id = ?', [quoteId]);
        if (quote?.status === 'won') return { outcome: 'won' };
        const id = randomUUID();
        const token = newToken();
        const now = new Date().toISOString();
        await tx.run(
          `INSERT INTO proposals (id, quote_id, token_digest, price_cents, includes_toll, includes_insurance,
             includes_icms, includes_text, valid_until, pickup_from, pickup_to, delivery_days, conditions, floor_cents,
             floor_act, override_reason, override_by, created_by, created_at, sent_at, form_key)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            id,
            quoteId,
            digestOf(token),
            terms.priceCents,
            Number(terms.includesToll),
            Number(terms.includesInsurance),
            Number(terms.includesIcms),
            terms.includesText ?? null,
            terms.validUntil,
            terms.pickupFrom,
            terms.pickupTo,
            terms.deliveryDays ?? null,
            terms.conditions ?? null,
            floor.floorCents ?? null,
            floor.act ?? null,
            floor.overrideReason ?? null,
            floor.overrideBy ?? null,
            by.actor.id,
            now,
            now,
            formKey,
          ],
        );
        await notices.enqueue(tx, quoteId, { kind: 'proposal.mail', record: mail(token) });
        const line = { ...by, leadIds: [quoteId] };
        if (floor.overrideReason)
          await appendAudit(tx, {
            ...line,
            action: 'proposal.floor_override',
            detail: {
              proposal: id,
              priceCents: terms.priceCents,
              floorCents: floor.floorCents ?? 0,
              reason: floor.overrideReason,
            },
          });
        await appendAudit(tx, {
          ...line,
          action: 'proposal.sent',
          detail: { proposal: id, priceCents: terms.priceCents },
        });
        return { outcome: 'sent', proposal: await byId(tx, id) };
      }),

    proposalsOf: async (quoteId) => (await select(db, 'p.quote_id = ?', [quoteId])).map(proposalOf),

    async proposalByToken(token) {
      const [row] = await select(db, 'p.token_digest = ?', [digestOf(token)]);
      return row && proposalOf(row);
    },

    recordView: (proposal, by) =>
      db.transaction(async (tx) => {
        const first = await tx.run('UPDATE proposals SET viewed_at = ? WHERE id = ? AND viewed_at IS NULL', [
          new Date().toISOString(),
          proposal.id,
        ]);
        if (first > 0)
          await appendAudit(tx, {
            ...by,
            action: 'proposal.viewed',
            leadIds: [proposal.quoteId],
            detail: { proposal: proposal.id },
          });
      }),

    answer: (proposal, answer, notice, by) =>
      db.transaction(async (tx): Promise<AnswerResult> => {
        await quoteLock(tx, proposal.quoteId);
        const now = new Date().toISOString();
        // The one statement that decides: of two answers at once, on one replica or two, the second
        // finds `answer` set (PostgreSQL re-reads the row it waited for) and changes nothing. A won
        // quote's proposals are void: none of them is accepted after the first (§9.6).
        const landed = await tx.run(
          `UPDATE proposals SET answer = ?, answered_at = ?, answer_reason = ?, accepted_by = ?
           WHERE id = ? AND answer IS NULL AND valid_until >= ?
             AND NOT EXISTS (SELECT 1 FROM proposals n WHERE n.quote_id = proposals.quote_id AND n.seq > proposals.seq)
             AND NOT EXISTS (SELECT 1 FROM quotes q WHERE q.id = proposals.quote_id AND q.status = 'won')`,
          [
            answer.answer,
            now,
            answer.answer === 'refused' ? (answer.reason ?? null) : null,
            answer.answer === 'accepted' ? answer.acceptedBy : null,
            proposal.id,
            todayInSaoPaulo(),
          ],
        );
        const answered = await byId(tx, proposal.id);
        if (landed === 0) return { outcome: 'unchanged', proposal: answered };
        const line = { ...by, leadIds: [proposal.quoteId], detail: { proposal: proposal.id } };
        await appendAudit(tx, { ...line, action: `proposal.${answer.answer}` });
        const before = await workedLead(tx, proposal.quoteId);
        // An acceptance wins the quote; a refusal loses one still open, with the customer's reason, so
        // that the weekly report counts it as it counts a won one (§6.4, §9.6).
        const to = answer.answer === 'accepted' ? 'won' : 'lost';
        const moves = before && (to === 'won' || OPEN_STATUSES.includes(before.lead.work.status));
        if (moves) {
          const lostReason =
            to === 'lost'
              ? `${REFUSED}${answer.answer === 'refused' && answer.reason ? `: ${answer.reason}` : ''}`.slice(
                  0,
                  LOST_REASON_MAX,
                )
              : null;
          await tx.run(
            `UPDATE quotes SET status = ?, won_at = ?, lost_reason = ?, responded_at = COALESCE(responded_at, ?),
               version = version + 1, updated_at = ? WHERE id = ?`,
            [to, to === 'won' ? now : null, lostReason, now, now, proposal.quoteId],
          );
          await appendAudit(tx, { ...line, action: 'lead.status', detail: { from: before.lead.work.status, to } });
        }
        const after = await workedLead(tx, proposal.quoteId);
        if (after) {
          for (const record of notice(answered, after.lead.work.owner?.email))
            await notices.enqueue(tx, proposal.quoteId, { kind: 'proposal.mail', record });
          if (moves && answer.answer === 'refused') await notices.announce(tx, after.lead, after.notes);
          if (answer.answer === 'accepted') {
            if (after.lead.kind === 'quote') await notices.accepted?.(tx, answered, after.lead.record as Quote);
            await notices.announce(tx, after.lead, after.notes);
            await notices.enqueue(tx, proposal.quoteId, {
              kind: 'quote.accepted',
              record: {
                acceptedAt: now,
                quote: leadResource(after.lead, after.notes),
                proposal: acceptedProposal(answered),
              },
            });
          }
        }
        return { outcome: 'answered', proposal: answered };
      }),

    reopenQuote: (quoteId, by) =>
      db.transaction(async (tx) => {
        await quoteLock(tx, quoteId);
        const now = new Date().toISOString();
        const reopened = await tx.run(
          `UPDATE quotes SET status = 'proposal', won_at = NULL, version = version + 1, updated_at = ?
           WHERE id = ? AND status = 'won'`,
          [now, quoteId],
        );
        if (reopened === 0) return false;
        const line = { ...by, leadIds: [quoteId] };
        await appendAudit(tx, { ...line, action: 'quote.reopened' });
        await appendAudit(tx, { ...line, action: 'lead.status', detail: { from: 'won', to: 'proposal' } });
        const after = await workedLead(tx, quoteId);
        if (after) await notices.announce(tx, after.lead, after.notes);
        return true;
      }),
  };
}
