import type { ShownLine } from '../../shared/lead-page';
import { LEAD_STATUS_LABELS, type LeadStatus } from '../../shared/lead-status';
import { readableInSaoPaulo } from '../../shared/sao-paulo-time';
import type { AuditLine } from '../audit/events';
import type { LeadDelivery } from '../outbox/store';

// The lead page's readings of the outbox and of the audit record (docs/requirements.md §6.4), in Portuguese.

const CHANNELS = {
  email: 'E-mail para vendas',
  webhook: 'Webhook (CRM)',
  receipt: 'E-mail ao cliente',
} as const;

/** Delivered, retrying or abandoned (docs/requirements.md §10.10, §10.15), with when and how many tries. */
function stateOf({ status, attempts, lastError, createdAt, sentAt }: LeadDelivery) {
  const tries = `${attempts} ${attempts === 1 ? 'tentativa' : 'tentativas'}`;
  if (status === 'sent') return `Entregue em ${readableInSaoPaulo(sentAt ?? createdAt)}`;
  if (status === 'failed') return `Abandonado após ${tries}${lastError ? ` (${lastError})` : ''}`;
  if (attempts === 0) return 'Na fila, a enviar';
  return `Tentando de novo: ${tries}${lastError ? `, a última: ${lastError}` : ''}`;
}

/**
 * What a delivery carried, in words: a proposal's (docs/requirements.md §9.6) by its own kind, a lead's by whether it
 * was new.
 */
function labelOf({ channel, kind }: LeadDelivery) {
  if (kind === 'proposal.mail') return 'E-mail da proposta (ao cliente, ou a resposta dele)';
  if (kind === 'quote.accepted') return `${CHANNELS.webhook}: proposta aceita`;
  if (channel === 'receipt') return `${CHANNELS.receipt}: aviso de recebimento`;
  return `${CHANNELS[channel]}: ${kind.endsWith('.updated') ? 'alteração' : 'novo lead'}`;
}

export const shownDeliveries = (deliveries: readonly LeadDelivery[]): ShownLine[] =>
  deliveries.map((delivery) => ({ label: labelOf(delivery), value: stateOf(delivery) }));

const statusLabel = (value: unknown) => LEAD_STATUS_LABELS[value as LeadStatus] ?? String(value);

/** What an audit line about the lead says, with the members' names for their ids. */
function whatOf({ action, detail }: AuditLine, names: Map<string, string>, labels: Readonly<Record<string, string>>) {
  if (action === 'lead.status') return `Situação: ${statusLabel(detail?.from)} → ${statusLabel(detail?.to)}`;
  if (action === 'lead.owner') {
    const to = String(detail?.to ?? '');
    return `Responsável: ${names.get(to) ?? (to === 'ninguém' ? 'ninguém' : 'ex-membro')}`;
  }
  if (action === 'lead.viewed') return 'Viu o lead';
  return labels[action] ?? action;
}

/** The lead's history, newest first: each line's what, who (a member's name, or the API) and when. */
export function leadHistory(
  lines: readonly AuditLine[],
  members: readonly { id: string; name: string }[],
  labels: Readonly<Record<string, string>>,
) {
  const names = new Map(members.map(({ id, name }) => [id, name]));
  return lines.map((line) => ({
    at: readableInSaoPaulo(line.at),
    who: (line.actorId && names.get(line.actorId)) || (line.actor === 'token' ? 'API (token)' : line.actor),
    what: whatOf(line, names, labels),
  }));
}
