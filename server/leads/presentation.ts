import { contactFields } from '../../shared/contact';
import { PLAIN_PHONE } from '../../shared/fields';
import { type LeadField, type LeadFields, type Place, SOURCE_PARTS, type Source } from '../../shared/lead';
import { leadPath } from '../../shared/lead-page';
import { quantityText, reaisOf } from '../../shared/number-text';
import { e164 } from '../../shared/phone';
import { quoteFields } from '../../shared/quote';
import { readableDate, readableInSaoPaulo } from '../../shared/sao-paulo-time';
import type { Lead } from './resource';

/** The parts of the e-mail that depend on the lead; sender and recipients come from the config. */
export type LeadMessage = {
  subject: string;
  text: string;
  html: string;
  /** The requester's bare address: their name is never a display name here (see leadMessage). */
  replyTo: string;
};

// Validation already refuses controls and bidirectional controls in names (docs/requirements.md
// §5.2); stored rows are still treated as untrusted: none may reorder or break the subject line.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: replacing control characters is the point.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const oneLine = (value: string) => value.replace(BIDI_CONTROLS, '').replace(CONTROLS, ' ').trim();

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** How each kind of lead is announced and what it is made of. */
const LEADS: Record<Lead['kind'], { title: string; fields: LeadFields }> = {
  contact: { title: 'Nova solicitação de contato', fields: contactFields },
  quote: { title: 'Nova cotação de frete', fields: quoteFields },
};

const placeName = ({ city, state }: Place) => `${city}/${state}`;

/** 'Formulário: contato · Página: / · utm_source: google', the parts the source has. */
const sourceLine = (source: Source) =>
  Object.entries(SOURCE_PARTS)
    .filter(([part]) => source[part as keyof Source] !== undefined)
    .map(([part, name]) => `${name}: ${source[part as keyof Source]}`)
    .join(' · ');

/**
 * A tel: link for a phone number as typed (RFC 3966): in E.164, +55 added to a Brazilian number typed
 * without it, so that a phone abroad or roaming dials it too (docs/requirements.md §6.4); a number too short to
 * tell (a local one) as its digits; none for a value that is no plain phone number (a row from before
 * the rules).
 */
export const telLink = (phone: string) =>
  PLAIN_PHONE.test(phone) ? `tel:${e164(phone) ?? phone.replace(/\D/g, '')}` : undefined;

/** One field's value as sales reads it. */
function shown(field: LeadField, value: unknown) {
  switch (field.kind) {
    case 'place':
      return placeName(value as Place);
    case 'quantity':
      return quantityText(value as number, field.unit);
    case 'money':
      return reaisOf(value as number);
    case 'choice':
      return field.labels?.[value as string] ?? (value as string);
    case 'date':
      return readableDate(value as string);
    case 'instant':
      return readableInSaoPaulo(value as string);
    case 'source':
      return sourceLine(value as Source);
    case 'text':
    case 'phone':
      return value as string;
  }
}

/** A line of the e-mail: the field's label, its value, and where the value links to in the HTML part. */
export type Line = { label: string; value: string; href?: string };

/** The fields of the lead that have a value, with their definitions. */
const present = ({ kind, record }: Lead) =>
  Object.entries(LEADS[kind].fields).filter(([key]) => (record as Record<string, unknown>)[key] !== undefined);

/**
 * What the person sent, as sales reads it; then when the lead was stored and its id. The lead's page
 * (server/inbox/lead-routes.ts) shows the same lines.
 */
export function leadLines(lead: Lead): Line[] {
  const values = lead.record as Record<string, unknown>;
  const sent = present(lead).filter(([, field]) => !field.server);
  return [
    ...sent.map(([key, field]): Line => {
      const value = shown(field, values[key]);
      return { label: field.label, value, href: field.kind === 'phone' ? telLink(value) : undefined };
    }),
    { label: 'Recebido em', value: readableInSaoPaulo(lead.record.createdAt) },
    { label: 'Identificador', value: lead.record.id },
  ];
}

/** ': Campinas/SP → Belém/PA' for a lead with places: the subject tells sales where the load goes. */
function route(lead: Lead) {
  const values = lead.record as Record<string, unknown>;
  const places = present(lead).filter(([, field]) => field.kind === 'place');
  return places.length > 0 ? `: ${places.map(([key]) => placeName(values[key] as Place)).join(' → ')}` : '';
}

/**
 * Where the lead's page is (docs/requirements.md §6.4): from the e-mail to the lead in one tap, to answer it and
 * stop its clock there ("Respondi"); a reply to the e-mail alone leaves the lead Novo.
 */
const OPEN = 'Abrir o lead no painel (responder e marcar “Respondi”)';
const REPLY =
  'Responder a este e-mail escreve direto ao cliente, mas não para o relógio das 2 horas úteis: ' +
  'marque “Respondi” na página do lead.';

/** Subject, plain text and HTML of the e-mail that tells sales about one lead, linked to its page at `publicUrl`. */
export function leadMessage(lead: Lead, publicUrl: URL): LeadMessage {
  const { record } = lead;
  const { title } = LEADS[lead.kind];
  const all = leadLines(lead);
  const who = oneLine(record.company ? `${record.name} (${record.company})` : record.name);
  const link = new URL(leadPath(record.id), publicUrl).href;
  return {
    subject: oneLine(`${title} — ${who}${route(lead)}`),
    text: [
      `${title}`,
      '',
      `${OPEN}:`,
      link,
      '',
      ...all.map(({ label, value }) => `${label}: ${value}`),
      '',
      REPLY,
      '',
    ].join('\n'),
    html: [
      '<!doctype html><html lang="pt-BR"><body>',
      `<h1 style="font-size:18px">${escapeHtml(title)}</h1>`,
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 16px;font-weight:bold">${escapeHtml(OPEN)}</a></p>`,
      '<table cellpadding="4" style="border-collapse:collapse">',
      ...all.map(({ label, value, href }) => {
        const shownValue = href ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>` : escapeHtml(value);
        const cell = `<td style="white-space:pre-wrap">${shownValue}</td>`;
        return `<tr><th align="left" valign="top">${escapeHtml(label)}</th>${cell}</tr>`;
      }),
      '</table>',
      `<p>${escapeHtml(REPLY)}</p>`,
      '</body></html>',
    ].join('\n'),
    // A display name would be the requester's text in a header, and mail clients decode an
    // encoded-word ("=?utf-8?B?…?=") even inside quotes: a name could pass for anyone. The subject
    // is safe, as nodemailer encodes it whole (a test pins this down).
    replyTo: record.email,
  };
}
