import { type ErrorRequestHandler, type Request, type RequestHandler, type Response, Router } from 'express';
import { z } from 'zod';
import { optionalText, requiredText } from '../../shared/fields';
import { reaisText } from '../../shared/number-text';
import {
  ACCEPTED_BY_MAX,
  deliveryText,
  includedText,
  type ProposalView,
  proposalPath,
  REFUSAL_REASON_MAX,
} from '../../shared/proposal';
import type { Quote } from '../../shared/quote';
import { readableDate, readableInSaoPaulo } from '../../shared/sao-paulo-time';
import type { AttemptLimiter } from '../http/attempt-limit';
import { readBody } from '../http/body';
import { allowOnly } from '../http/methods';
import { Refusal, refuse } from '../http/refusals';
import { auditContext } from '../module/audit';
import type { Manifest } from '../pages/assets';
import type { Stores } from '../stores';
import { fieldOf } from '../workplace/context';
import { answerMessage, answerReceipt, laneOf, pickupText } from './messages';
import { proposalPages } from './page';
import { type CustomerAnswer, type Proposal, stateOf } from './sql-store';

// The customer's page of a proposal, /proposta/<token> (docs/requirements.md §9.6). A GET
// changes nothing but the first view's record: mail scanners (Microsoft's Safe Links among them) open
// every link of an e-mail. Answers are POSTs of plain forms, each answered 303 back to the page.

/** Wrong links one client address may open per window before it waits, as wrong API tokens (server/http/admin.ts). */
export const WRONG_LINKS = { name: 'wrong-proposal-link', limit: 10, windowMs: 60_000 } as const;

/** A token as the store makes them: 32 bytes in base64url. Anything else is no token at all. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const acceptance = z.object({ aceito_por: requiredText({ label: 'seu nome ou e-mail', max: ACCEPTED_BY_MAX }) });
const refusal = z.object({ motivo: optionalText({ max: REFUSAL_REASON_MAX, multiline: true }) });

type Deps = {
  stores: Pick<Stores, 'proposals' | 'inbox'>;
  manifest: Manifest;
  publicUrl: URL;
  /** The public writes' guards: from this site only, within the client's rate. */
  writeGuards: RequestHandler[];
  wrongLinks: AttemptLimiter;
};

/** The proposal as its customer reads it. */
function viewOf(proposal: Proposal, quote: Quote, token: string): ProposalView {
  const state = stateOf(proposal);
  const answered =
    proposal.answeredAt &&
    (proposal.answer === 'accepted'
      ? `Aceita por ${proposal.acceptedBy} em ${readableInSaoPaulo(proposal.answeredAt)}.`
      : `Recusada em ${readableInSaoPaulo(proposal.answeredAt)}.`);
  return {
    path: proposalPath(token),
    customer: quote.name,
    lines: [
      { label: 'Trajeto', value: laneOf(quote) },
      { label: 'Preço', value: reaisText(proposal.priceCents) },
      { label: 'Inclui', value: includedText(proposal) },
      { label: 'Coleta', value: pickupText(proposal) },
      ...(proposal.deliveryDays ? [{ label: 'Entrega', value: deliveryText(proposal.deliveryDays) }] : []),
      { label: 'Válida até', value: readableDate(proposal.validUntil) },
    ],
    ...(proposal.conditions && { conditions: proposal.conditions }),
    state,
    ...(answered && { answered }),
  };
}

export function proposalRouter({ stores, manifest, publicUrl, writeGuards, wrongLinks }: Deps) {
  const { proposals, inbox } = stores;
  const render = proposalPages(manifest);

  const tooMany = (res: Response, retryAfterS: number) => {
    const { message } = refuse('TOO_MANY_WRONG_LINKS', String(Math.ceil(retryAfterS / 60)));
    res.set('Retry-After', String(retryAfterS));
    render(res, 429, { state: 'refused', message });
  };

  /**
   * The proposal and its quote that the path's token opens. A wrong token counts against the
   * client's address; past the limit every link is refused, the right one too, as the API's token is
   * (server/http/admin.ts): were it not, the answer would tell a guess that found one.
   */
  async function found(req: Request, res: Response) {
    const key = req.ip ?? '';
    const held = await wrongLinks.check(key);
    if (held.limited) return void tooMany(res, held.retryAfterS);
    const token = String(req.params.token);
    const proposal = TOKEN.test(token) ? await proposals.proposalByToken(token) : undefined;
    const lead = proposal && (await inbox.getLead(proposal.quoteId));
    if (proposal && lead?.kind === 'quote') {
      // The link is the guard: whoever holds it reads and answers, named by no account (AuditActor).
      res.locals.actor = { kind: 'anonymous' };
      return { proposal, quote: lead.record, token };
    }
    const slot = await wrongLinks.reserve(key);
    if (slot.limited) return void tooMany(res, slot.retryAfterS);
    render(res, 404, { state: 'missing' });
  }

  const show: RequestHandler = async (req, res) => {
    const opened = await found(req, res);
    if (!opened) return;
    // The view is recorded before the page is sent (the proposal carries the customer's data).
    await proposals.recordView(opened.proposal, auditContext(req, res));
    render(res, 200, { state: 'shown', proposal: viewOf(opened.proposal, opened.quote, opened.token) });
  };

  /** An answer's route: its fields read by `schema`, refused with the page and the fields kept. */
  const answering =
    <S extends z.ZodType>(
      schema: S,
      answerOf: (data: z.infer<S>) => CustomerAnswer,
      confirmed: (req: Request) => boolean = () => true,
    ): RequestHandler =>
    async (req, res) => {
      const opened = await found(req, res);
      if (!opened) return;
      const { proposal, quote, token } = opened;
      const values = { aceito_por: fieldOf(req, 'aceito_por'), motivo: fieldOf(req, 'motivo') };
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
        return render(res, 400, { state: 'shown', proposal: viewOf(proposal, quote, token), errors, values });
      }
      // Not yet confirmed: the page asks once more, and nothing changes until it is (§9.6).
      if (!confirmed(req))
        return render(res, 200, {
          state: 'shown',
          proposal: viewOf(proposal, quote, token),
          values,
          confirmRefusal: true,
        });
      // Whether it lands or finds the proposal answered, expired or replaced, the page says where it
      // stands: a second press, a replay, or the other replica's acceptance are the same 303.
      await proposals.answer(
        proposal,
        answerOf(parsed.data),
        // The owner's notice (the sales mailbox's when nobody owns it), the sender's when someone else
        // owns the quote, and the customer's confirmation of what they answered (§9.6).
        (answered, owner) => [
          answerMessage(answered, quote, publicUrl, owner),
          ...(answered.senderEmail && answered.senderEmail !== owner
            ? [answerMessage(answered, quote, publicUrl, answered.senderEmail)]
            : []),
          answerReceipt(answered, quote, answered.senderEmail),
        ],
        auditContext(req, res),
      );
      res.redirect(303, proposalPath(token));
    };

  /** A refused post (another site, the rate, the body) gets the page's frame with the reason, not JSON. */
  const refusedPages: ErrorRequestHandler = (error, _req, res, next) => {
    if (!(error instanceof Refusal)) return next(error);
    if (error.extras.headers) res.set(error.extras.headers);
    render(res, error.status, { state: 'refused', message: error.message });
  };

  const router = Router();
  router.route('/proposta/:token').all(allowOnly('GET')).get(show);
  router
    .route('/proposta/:token/aceitar')
    .all(allowOnly('POST'))
    .post(
      ...writeGuards,
      readBody,
      answering(acceptance, ({ aceito_por }) => ({ answer: 'accepted', acceptedBy: aceito_por })),
    );
  router
    .route('/proposta/:token/recusar')
    .all(allowOnly('POST'))
    .post(
      ...writeGuards,
      readBody,
      answering(
        refusal,
        ({ motivo }) => ({ answer: 'refused', ...(motivo && { reason: motivo }) }),
        (req) => fieldOf(req, 'confirmar') === 'sim',
      ),
    );
  router.use(refusedPages);
  return router;
}
