import { randomUUID } from 'node:crypto';
import type { Repository } from '../../server/composition/repository';
import type { ProposalTerms } from '../../shared/proposal';
import { todayInSaoPaulo } from '../../shared/sao-paulo-time';

/** São Paulo's date `days` from today (negative: before). */
export const dayFromToday = (days: number) =>
  new Date(Date.parse(`${todayInSaoPaulo()}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A proposal's terms as a member writes them: R$ 4.850,00 with toll, a week to answer. */
export const sampleTerms = (): ProposalTerms => ({
  priceCents: 485_000,
  includesToll: true,
  includesInsurance: false,
  includesIcms: true,
  validUntil: dayFromToday(7),
  pickupFrom: dayFromToday(3),
  pickupTo: dayFromToday(5),
  deliveryDays: 7,
  conditions: 'Pagamento em 30 dias.',
});

/**
 * A proposal of quote `quoteId` stored by `member` as the workplace stores it, without its form; the
 * token its e-mail would carry, which nothing else hands back.
 */
export async function propose(
  repository: Repository,
  quoteId: string,
  member: { id: string; email: string },
  terms: Partial<ProposalTerms> = {},
) {
  let token = '';
  const sent = await repository.proposals.createProposal(
    quoteId,
    randomUUID(),
    { ...sampleTerms(), ...terms },
    {},
    (made) => {
      token = made;
      return { to: 'carlos@bebidasdonorte.com.br', subject: 'Proposta', text: made };
    },
    { actor: { kind: 'member', ...member } },
  );
  if (sent.outcome !== 'sent') throw new Error(`no proposal sent: ${sent.outcome}`);
  return { token, proposal: sent.proposal };
}
