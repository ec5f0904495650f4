import { company } from '../../shared/content';
import { leadPath } from '../../shared/lead-page';
import { reaisText } from '../../shared/number-text';
import { deliveryText, includedText, type ProposalTerms, proposalPath } from '../../shared/proposal';
import type { Quote } from '../../shared/quote';
import { readableDate, readableInSaoPaulo } from '../../shared/sao-paulo-time';
import type { ProposalMail } from './notices';
import type { Proposal } from './sql-store';

// The e-mails of a proposal (docs/requirements.md §9.6), plain text as the receipt's (server/leads/
// receipt-message.ts): the customer's, with the link to answer it, and the owner's, with the answer.

/** 'Campinas/SP → Belém/PA': the lane, as both e-mails and the page name the quote. */
export const laneOf = ({ origin, destination }: Pick<Quote, 'origin' | 'destination'>) =>
  `${origin.city}/${origin.state} → ${destination.city}/${destination.state}`;

/** The pickup window in words: '02/12/2026' for one day, '02/12/2026 a 04/12/2026' for several. */
export const pickupText = ({ pickupFrom, pickupTo }: Pick<ProposalTerms, 'pickupFrom' | 'pickupTo'>) =>
  pickupFrom === pickupTo ? readableDate(pickupFrom) : `${readableDate(pickupFrom)} a ${readableDate(pickupTo)}`;

/**
 * The customer's e-mail: the offer in a few lines and the link to the page where they accept or
 * refuse it, answered by e-mail to `replyTo`, the member who wrote it. The link is the proposal's only
 * key; the e-mail says so, so that it is not forwarded idly.
 */
export function proposalMessage(quote: Quote, terms: ProposalTerms, link: URL, replyTo: string): ProposalMail {
  return {
    to: quote.email,
    replyTo,
    subject: `Proposta de frete ${laneOf(quote)} · ${company.shortName}`,
    text: [
      `Olá, ${quote.name}!`,
      '',
      `Segue nossa proposta para o frete ${laneOf(quote)}, que você pediu em ${readableInSaoPaulo(quote.createdAt)}.`,
      '',
      `Preço: ${reaisText(terms.priceCents)}`,
      `Inclui: ${includedText(terms)}`,
      `Coleta: ${pickupText(terms)}`,
      ...(terms.deliveryDays ? [`Entrega: ${deliveryText(terms.deliveryDays)}`] : []),
      `Válida até: ${readableDate(terms.validUntil)}`,
      ...(terms.conditions ? ['', 'Condições:', terms.conditions] : []),
      '',
      'Para aceitar ou recusar, abra:',
      link.href,
      '',
      'Este link é só seu: quem o tiver pode responder a proposta. Dúvidas? Responda a este e-mail ou ligue',
      `${company.phone.display}.`,
      '',
      company.name,
    ].join('\n'),
  };
}

/** The link in the customer's e-mail: PUBLIC_URL and the proposal's page. */
export const proposalLink = (publicUrl: URL, token: string) => new URL(proposalPath(token), publicUrl);

/**
 * The owner's notice of the customer's answer (the sales mailbox's when the quote has no owner): the
 * answer, the price and the link to the quote's page, where the rest is.
 */
export function answerMessage(proposal: Proposal, quote: Quote, publicUrl: URL, owner?: string): ProposalMail {
  const accepted = proposal.answer === 'accepted';
  const verdict = accepted ? 'aceitou' : 'recusou';
  return {
    ...(owner && { to: owner }),
    subject: `${quote.name} ${verdict} a proposta ${laneOf(quote)}`,
    text: [
      `${quote.name}${quote.company ? ` (${quote.company})` : ''} ${verdict} a proposta de ${reaisText(proposal.priceCents)} para o frete ${laneOf(quote)}, em ${readableInSaoPaulo(proposal.answeredAt ?? new Date())}.`,
      ...(accepted ? [`Aceita por: ${proposal.acceptedBy}`, 'A cotação está agora como Ganho.'] : []),
      ...(proposal.answerReason ? [`Motivo: ${proposal.answerReason}`] : []),
      '',
      `A cotação: ${new URL(leadPath(quote.id), publicUrl).href}`,
    ].join('\n'),
  };
}

/**
 * The customer's confirmation of their answer (§9.6), to the quote's address: what they answered, the
 * price and the lane, and who writes back next. Reply-To the member who wrote the proposal.
 */
export function answerReceipt(proposal: Proposal, quote: Quote, replyTo?: string): ProposalMail {
  const accepted = proposal.answer === 'accepted';
  return {
    to: quote.email,
    ...(replyTo && { replyTo }),
    subject: `${accepted ? 'Proposta aceita' : 'Proposta recusada'}: frete ${laneOf(quote)} · ${company.shortName}`,
    text: [
      `Olá, ${quote.name}!`,
      '',
      accepted
        ? `Recebemos o seu aceite da proposta de ${reaisText(proposal.priceCents)} para o frete ${laneOf(quote)}, em ${readableInSaoPaulo(proposal.answeredAt ?? new Date())}, por ${proposal.acceptedBy}.`
        : `Recebemos a sua recusa da proposta de ${reaisText(proposal.priceCents)} para o frete ${laneOf(quote)}, em ${readableInSaoPaulo(proposal.answeredAt ?? new Date())}.`,
      accepted
        ? 'Nossa equipe entra em contato para combinar a coleta.'
        : 'Obrigado por responder. Se quiser outro preço ou outra data, responda a este e-mail ou peça uma nova cotação.',
      '',
      `Dúvidas? Responda a este e-mail ou ligue ${company.phone.display}.`,
      '',
      company.name,
    ].join('\n'),
  };
}
