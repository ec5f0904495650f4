import { company } from '../../shared/content';
import { readableDate, readableInSaoPaulo } from '../../shared/sao-paulo-time';
import { type Mail, message, type OutboxWriter, outboxOf } from '../module/messages';
import { codeText } from './code';
import { EVENT_LABELS, type EventKind } from './events';
import { driverPath, noticesPath, proofPath, trackingPath } from './links';
import type { ShipmentResource } from './resource';

// The module's messages (docs/requirements.md §12.10): the customer's notices and the driver's link
// by e-mail, and the shipment.* webhooks. Each record holds what its template needs; a link's token
// stays in the outbox row only until it is sent, as every delivered row's payload is cleared.

/** What the customer is told of: the opening, or a customer event of §12.10's. */
export type CustomerNotice = {
  to: string;
  code: string;
  lane: string;
  promisedDate?: string;
  about: 'opened' | EventKind;
  occurredAt: string;
  municipality?: string;
  noticesToken: string;
  /** The proof's link, in the delivery's notice (§12.12). */
  proofToken?: string;
};

export type DriverLinkMail = { to: string; name?: string; code: string; lane: string; token: string };

/** A shipment.* webhook: what happened, when, and the shipment as it now stands. */
export type ShipmentHook = {
  type: 'shipment.created' | 'shipment.updated' | 'shipment.event';
  timestamp: string;
  data: { shipment: ShipmentResource; event?: ShipmentResource['events'][number] };
};

const link = (path: string, publicUrl: URL) => new URL(path, publicUrl).href;

/** 'Coletada em Campinas/SP, 02/12/2026, 08:15.' */
const happened = (notice: CustomerNotice) =>
  `${notice.about === 'opened' ? 'Embarque aberto' : EVENT_LABELS[notice.about]}` +
  `${notice.municipality ? ` em ${notice.municipality}` : ''}, ${readableInSaoPaulo(notice.occurredAt)}.`;

function customerMail(notice: CustomerNotice, publicUrl: URL): Mail {
  const stop = link(noticesPath(notice.noticesToken), publicUrl);
  const code = codeText(notice.code);
  const subject =
    notice.about === 'opened'
      ? `Seu embarque ${code} (${notice.lane}) · ${company.shortName}`
      : `${EVENT_LABELS[notice.about]} · embarque ${code} · ${company.shortName}`;
  const opening =
    notice.about === 'opened'
      ? [
          `Sua carga ${notice.lane} tem um embarque: código ${code}.`,
          'Guarde o código: com ele você acompanha a carga no site, ou por telefone com a nossa central.',
        ]
      : [`Embarque ${code} (${notice.lane}):`, happened(notice)];
  return {
    to: notice.to,
    subject,
    text: [
      'Olá!',
      '',
      ...opening,
      ...(notice.promisedDate ? [`Entrega prometida: até ${readableDate(notice.promisedDate)}.`] : []),
      ...(notice.proofToken
        ? [
            '',
            'O comprovante de entrega (quem recebeu, quando, e as fotos do canhoto) está em:',
            link(proofPath(notice.proofToken), publicUrl),
            'Este link é só seu: não o encaminhe.',
          ]
        : []),
      '',
      'Acompanhe o embarque em:',
      link(trackingPath(notice.code), publicUrl),
      '',
      company.name,
      company.phone.display,
      '',
      `Não quer mais estes avisos? ${stop}`,
    ].join('\n'),
    // One click in the mail client stops them too (RFC 8058): it POSTs to the same link. An
    // autoresponder does not answer an automatic message (RFC 3834).
    headers: {
      'List-Unsubscribe': `<${stop}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    },
  };
}

function driverMail(mail: DriverLinkMail, publicUrl: URL): Mail {
  return {
    to: mail.to,
    subject: `Link do embarque ${codeText(mail.code)} (${mail.lane})`,
    text: [
      `Olá${mail.name ? `, ${mail.name}` : ''}!`,
      '',
      `Este é o link para registrar a coleta, a viagem e a entrega do embarque ${codeText(mail.code)} (${mail.lane}):`,
      link(driverPath(mail.token), publicUrl),
      '',
      'Não precisa de senha. Sem sinal, o celular guarda o registro e envia quando o sinal voltar.',
      'O link vale até a entrega; não o repasse.',
      '',
      `${company.name} · central ${company.phone.display}`,
    ].join('\n'),
  };
}

/** A shipment.* webhook in Standard Webhooks' envelope, as the leads' are (§10.15). */
const hook = message<ShipmentHook>({ webhook: ({ type, timestamp, data }) => ({ type, timestamp, data }) });

/** The module's kinds of message, each with its template per channel (server/module/messages.ts). */
export const SHIPMENT_MESSAGES = {
  'shipment.notice': message<CustomerNotice>({ email: (notice, { publicUrl }) => customerMail(notice, publicUrl) }),
  'shipment.driver_link': message<DriverLinkMail>({ email: (mail, { publicUrl }) => driverMail(mail, publicUrl) }),
  'shipment.created': hook,
  'shipment.updated': hook,
  'shipment.event': hook,
};

/** The outbox over the module's own kinds: a kind and its record typed together. */
export const shipmentOutbox = (writer: OutboxWriter) => outboxOf(SHIPMENT_MESSAGES, writer);
