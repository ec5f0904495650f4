import { reaisText } from '../../shared/number-text';
import { PROPOSAL_STATE_LABELS, type ProposalLine } from '../../shared/proposal';
import { readableInSaoPaulo } from '../../shared/sao-paulo-time';
import { type Proposal, stateOf } from '../proposals/sql-store';

/** A quote's proposal as its page lists it (docs/requirements.md §9.6): the price, when it went, where it stands. */
export function proposalLine(proposal: Proposal): ProposalLine {
  const state = PROPOSAL_STATE_LABELS[stateOf(proposal)];
  const answered =
    proposal.answeredAt &&
    (proposal.answer === 'accepted'
      ? ` por ${proposal.acceptedBy} em ${readableInSaoPaulo(proposal.answeredAt)}`
      : ` em ${readableInSaoPaulo(proposal.answeredAt)}${proposal.answerReason ? `: ${proposal.answerReason}` : ''}`);
  return {
    price: reaisText(proposal.priceCents),
    sent: readableInSaoPaulo(proposal.sentAt ?? proposal.createdAt),
    state: `${state}${answered || ''}${proposal.viewedAt && !proposal.answer ? ' (link aberto)' : ''}${
      proposal.overrideReason ? ` · abaixo do piso: ${proposal.overrideReason}` : ''
    }`,
  };
}
