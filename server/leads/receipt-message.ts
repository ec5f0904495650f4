import { company, serviceHours } from '../../shared/content';
import { dueAt, dueText } from '../../shared/due-time';
import type { BusinessCalendar } from '../../shared/holidays';
import type { LeadKind } from '../../shared/lead-status';
import { readableInSaoPaulo } from '../../shared/sao-paulo-time';

/**
 * The visitor's receipt of their lead (docs/requirements.md §10.10): the promise in plain words, and
 * nothing they typed but the address it goes to, so that it cannot relay a spammer's text. Its row
 * names the lead (lead_id), so that an erasure and the retention take it with the lead.
 */
export type LeadReceipt = { to: string; leadKind: LeadKind; arrivedAt: string };

const ASKED = { contact: 'sua solicitação de contato', quote: 'seu pedido de cotação' } as const;

/**
 * The visitor's receipt (docs/requirements.md §9.4): when their request arrived and when we answer by, computed on
 * the business-hours clock and written in São Paulo's time ('até segunda, 9h30'). It carries nothing
 * the visitor typed, not even their name: a receipt that repeated a field would mail a spammer's text
 * to any address typed in the form. Plain text alone, as nothing in it needs more.
 */
export function receiptMessage({ leadKind, arrivedAt }: LeadReceipt, calendar: BusinessCalendar, now: Date) {
  const arrived = new Date(arrivedAt);
  const due = dueAt(arrived, calendar);
  // Sent late (the mail server was away): no promise of a time already past.
  const promise =
    due > now
      ? `Nossa equipe responde em até 2 horas úteis: até ${dueText(due, now, 'long')} (horário de Brasília).`
      : 'Nossa equipe vai responder o quanto antes.';
  return {
    subject: `Recebemos ${ASKED[leadKind]} · ${company.shortName}`,
    text: [
      'Olá!',
      '',
      `Recebemos ${ASKED[leadKind]} pelo site da ${company.name} em ${readableInSaoPaulo(arrived)}.`,
      promise,
      `Atendimento: ${serviceHours.short}. Telefone: ${company.phone.display}.`,
      '',
      'Se não foi você quem enviou, ignore este e-mail. Este é um aviso automático: não é preciso responder,',
      'e este endereço recebe no máximo um aviso destes por dia.',
      '',
      company.name,
    ].join('\n'),
  };
}
