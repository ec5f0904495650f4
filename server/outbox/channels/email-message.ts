import type { Contact } from '../../../shared/contact';
import { CARGO_LABELS, type Quote } from '../../../shared/quote';
import { readableDate, readableInSaoPaulo } from '../../../shared/sao-paulo-time';
import type { Lead } from '../store';

/** The parts of the e-mail that depend on the lead; sender and recipients come from the config. */
export type LeadMessage = {
  subject: string;
  text: string;
  html: string;
  /** The requester's bare address: their name is never a display name here (see leadMessage). */
  replyTo: string;
};

type Line = [label: string, value: string | undefined];

// Validation already refuses controls and bidirectional controls in names (docs/requirements.md
// §5.2); stored rows are still treated as untrusted: none may reorder or break the subject line.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: replacing control characters is the point.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const oneLine = (value: string) => value.replace(BIDI_CONTROLS, '').replace(CONTROLS, ' ').trim();

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const who = (lead: Contact | Quote) => oneLine(lead.company ? `${lead.name} (${lead.company})` : lead.name);

const placeName = ({ city, state }: Quote['origin']) => `${city}/${state}`;

const contactLines = (contact: Contact): Line[] => [
  ['Nome', contact.name],
  ['E-mail', contact.email],
  ['Telefone', contact.phone],
  ['Empresa', contact.company],
  ['Mensagem', contact.message],
];

const quoteLines = (quote: Quote): Line[] => [
  ['Nome', quote.name],
  ['E-mail', quote.email],
  ['Telefone', quote.phone],
  ['Empresa', quote.company],
  ['Origem', placeName(quote.origin)],
  ['Destino', placeName(quote.destination)],
  ['Tipo de carga', CARGO_LABELS[quote.cargoType]],
  ['Peso', `${quote.weightTons.toLocaleString('pt-BR')} t`],
  ['Veículo', quote.vehicle],
  ['Data de coleta', quote.pickupDate && readableDate(quote.pickupDate)],
  ['Observações', quote.notes],
];

/** Subject, plain text and HTML of the e-mail that tells sales about one lead. */
export function leadMessage(lead: Lead): LeadMessage {
  const { record } = lead;
  const [title, fields] =
    lead.kind === 'contact'
      ? ['Nova solicitação de contato', contactLines(lead.record)]
      : ['Nova cotação de frete', quoteLines(lead.record)];
  const route =
    lead.kind === 'quote' ? `: ${placeName(lead.record.origin)} → ${placeName(lead.record.destination)}` : '';
  const all: [string, string][] = [
    ...fields.filter((field): field is [string, string] => field[1] !== undefined),
    ['Recebido em', readableInSaoPaulo(record.createdAt)],
    ['Identificador', record.id],
  ];
  const reply = 'Responda a este e-mail para escrever diretamente ao cliente.';
  return {
    subject: oneLine(`${title} — ${who(record)}${route}`),
    text: [`${title}`, '', ...all.map(([label, value]) => `${label}: ${value}`), '', reply, ''].join('\n'),
    html: [
      '<!doctype html><html lang="pt-BR"><body>',
      `<h1 style="font-size:18px">${escapeHtml(title)}</h1>`,
      '<table cellpadding="4" style="border-collapse:collapse">',
      ...all.map(
        ([label, value]) =>
          `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      `<p>${escapeHtml(reply)}</p>`,
      '</body></html>',
    ].join('\n'),
    // A display name would be the requester's text in a header, and mail clients decode an
    // encoded-word ("=?utf-8?B?…?=") even inside quotes: a name could pass for anyone. The subject
    // is safe, as nodemailer encodes it whole (a test pins this down).
    replyTo: record.email,
  };
}
