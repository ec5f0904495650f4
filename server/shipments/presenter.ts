import { formatCnpj } from '../../shared/cnpj';
import { e164, mayHaveWhatsApp } from '../../shared/phone';
import { readableDate, readableInSaoPaulo, todayInSaoPaulo } from '../../shared/sao-paulo-time';
import { keyText } from './access-key';
import { lateness, punctuality } from './board';
import { codeText } from './code';
import { AUDIENCE_LABELS, EVENT_LABELS, isOccurrence, openOccurrences, STATUS_KINDS, standing } from './events';
import { RECORDED_KINDS } from './forms';
import { laneOf } from './reads';
import type { Recorder, Shipment, ShipmentFile } from './shipment';
import type { Card, DriverLinkState, ShipmentPageProps, TimelineRow } from './views/model';

// The team's pages in words (docs/requirements.md §12.6): a shipment as a card and as its page.

export const STATUS_LABELS = Object.fromEntries(STATUS_KINDS.map((kind) => [kind, EVENT_LABELS[kind]])) as Record<
  Shipment['status'],
  string
>;

export const shipmentPath = (code: string) => `/painel/embarques/${code}`;

const KEY_NAMES = { cte: 'CT-e', nfe: 'NF-e', mdfe: 'MDF-e' } as const;

const punctual = (s: Shipment, today: string) => {
  const said = punctuality(s, today);
  return said && { text: said, late: said === 'atrasado' || said === 'entregue com atraso' };
};

export function cardOf(s: Shipment, today: string, now: Date): Card {
  const late = lateness(s, today, now);
  return {
    code: codeText(s.code),
    href: shipmentPath(s.code),
    lane: laneOf(s),
    status: STATUS_LABELS[s.status],
    promise: s.promisedDate ? `entrega até ${readableDate(s.promisedDate)}` : 'sem data prometida',
    ...(punctual(s, today) && { punctuality: punctual(s, today) }),
    ...(late && { late }),
    ...(s.lastEventAt && { lastEvent: `último evento: ${readableInSaoPaulo(s.lastEventAt)}` }),
  };
}

/** Who recorded an event, by name: a member's, an integration's, the driver's link or the site. */
export type Names = { members: Map<string, string>; integrations: Map<string, string> };
const recorderName = (by: Recorder, names: Names) => {
  if (by.kind === 'member') return names.members.get(by.id) ?? 'membro da equipe';
  if (by.kind === 'integration') return `integração ${names.integrations.get(by.id) ?? ''}`.trim();
  return by.kind === 'driver' ? 'motorista (link)' : 'o site';
};

function timelineOf(file: ShipmentFile, names: Names, photoHref: (id: string) => string): TimelineRow[] {
  const up = new Set(standing(file.events).map(({ id }) => id));
  const open = new Set(openOccurrences(file.events).map(({ id }) => id));
  const cancellations = new Map(
    file.events.filter((e) => e.kind === 'cancellation').map((e) => [e.refersTo, e.note ?? 'sem motivo escrito']),
  );
  const labelOf = new Map(
    file.events.map((e) => [e.id, `${EVENT_LABELS[e.kind]} de ${readableInSaoPaulo(e.occurredAt)}`]),
  );
  return file.events.toReversed().map((e) => {
    const photos = file.photos.filter((photo) => photo.eventId === e.id);
    return {
      id: e.id,
      label: EVENT_LABELS[e.kind],
      when: readableInSaoPaulo(e.occurredAt),
      at: e.occurredAt,
      ...(e.municipality && { municipality: `${e.municipality.city}/${e.municipality.state}` }),
      audience: AUDIENCE_LABELS[e.audience],
      by: recorderName(e.recordedBy, names),
      ...(e.note && { note: e.note }),
      ...(cancellations.has(e.id) && { cancelled: cancellations.get(e.id) }),
      ...(e.refersTo && { about: labelOf.get(e.refersTo) }),
      mailed: e.mailed,
      ...(e.recipientName && {
        recipient: `${e.recipientName}${e.recipientDocument ? `, ${e.recipientDocument}` : ''}`,
      }),
      photos: photos.map((photo, i) => ({ href: photoHref(photo.id), label: `Foto ${i + 1} do canhoto` })),
      cancellable: up.has(e.id) && e.kind !== 'scheduled',
      resolvable: open.has(e.id) && isOccurrence(e.kind),
    };
  });
}

/** The driver's link as the page says it, or as it was just made. */
function driverLinkOf(file: ShipmentFile, shown?: Extract<DriverLinkState, { state: 'shown' }>): DriverLinkState {
  if (shown) return shown;
  if (file.status === 'delivered') return { state: 'ended' };
  return file.driverLinkAt ? { state: 'live', since: readableInSaoPaulo(file.driverLinkAt) } : { state: 'none' };
}

/** A wa.me link with the driver's link as its text, for a Brazilian mobile (or a foreign number). */
export function whatsappLink(phone: string | undefined, text: string) {
  const number = phone && e164(phone);
  if (!number || !mayHaveWhatsApp(number)) return undefined;
  return `https://wa.me/${number.slice(1)}?text=${encodeURIComponent(text)}`;
}

function linesOf(file: ShipmentFile): { label: string; value: string }[] {
  const lines: [string, string | undefined][] = [
    ['Cliente', [file.customerName, file.customerCompany].filter(Boolean).join(', ') || undefined],
    ['E-mail do cliente', file.customerEmail],
    ['CNPJ do cliente', file.customerCnpj && formatCnpj(file.customerCnpj)],
    ['CNPJ do destinatário', file.recipientCnpj && formatCnpj(file.recipientCnpj)],
    [
      'Carga',
      [file.cargoType, file.weightTons && `${String(file.weightTons).replace('.', ',')} t`]
        .filter(Boolean)
        .join(', ') || undefined,
    ],
    [
      'Janela de coleta',
      file.pickupFrom === file.pickupTo
        ? readableDate(file.pickupFrom)
        : `${readableDate(file.pickupFrom)} a ${readableDate(file.pickupTo)}`,
    ],
    ['Prazo da proposta', file.deliveryDays === undefined ? undefined : `${file.deliveryDays} dias após a coleta`],
    ['Entrega prometida', file.promisedDate && readableDate(file.promisedDate)],
    ['Veículo', [file.vehiclePlate, file.vehicleClass].filter(Boolean).join(' · ') || undefined],
    ['Motorista', [file.driverName, file.driverPhone].filter(Boolean).join(' · ') || undefined],
    ['Avisos por e-mail ao cliente', file.notices ? 'ligados' : 'desligados pelo cliente'],
  ];
  return lines
    .filter((line): line is [string, string] => line[1] !== undefined)
    .map(([label, value]) => ({ label, value }));
}

type PageInput = {
  file: ShipmentFile;
  names: Names;
  estimate?: string;
  shown?: Extract<DriverLinkState, { state: 'shown' }>;
  eventKey: string;
} & Partial<Pick<ShipmentPageProps, 'notice' | 'values' | 'errors' | 'form'>>;

export function pageOf({
  file,
  names,
  estimate,
  shown,
  eventKey,
  notice,
  values = {},
  errors = {},
  form,
}: PageInput): ShipmentPageProps {
  const today = todayInSaoPaulo();
  const path = shipmentPath(file.code);
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return {
    code: codeText(file.code),
    path,
    lane: laneOf(file),
    status: STATUS_LABELS[file.status],
    ...(punctual(file, today) && { punctuality: punctual(file, today) }),
    ...(notice && { notice }),
    lines: linesOf(file),
    keys: file.keys.map((key) => ({ kind: KEY_NAMES[key.kind], text: keyText(key.digits), digits: key.digits })),
    crew: {
      placa: file.vehiclePlate ?? '',
      veiculo: file.vehicleClass ?? '',
      motorista: file.driverName ?? '',
      telefone: file.driverPhone ?? '',
      email_motorista: file.driverEmail ?? '',
      cnpj_destinatario: file.recipientCnpj ? formatCnpj(file.recipientCnpj) : '',
    },
    promisedDate: file.promisedDate ?? '',
    pickupFrom: file.pickupFrom,
    ...(estimate && { estimate }),
    driverLink: driverLinkOf(file, shown),
    driverHasEmail: Boolean(file.driverEmail),
    timeline: timelineOf(file, names, (id) => `${path}/fotos/${id}`),
    values,
    errors,
    ...(form && { form }),
    now: { date: today, time: clock.format(new Date()) },
    eventKey,
    recordedKinds: RECORDED_KINDS.map((kind) => ({ value: kind, label: EVENT_LABELS[kind] })),
  };
}
