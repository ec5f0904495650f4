// The load's events (docs/requirements.md §12.5): what each kind is called, which of them move the
// status, and the status they leave, read from the events alone. An event is never edited: a wrong
// one is cancelled by a new event that names it, as the CT-e's own cancellation event does.

/** The kinds that move the load along, in the order a load goes through them. */
export const STATUS_KINDS = [
  'scheduled',
  'picked_up',
  'in_transit',
  'arrived',
  'out_for_delivery',
  'delivered',
] as const;
export type ShipmentStatus = (typeof STATUS_KINDS)[number];

/** The ocorrências: what went wrong on the way. Each stays open until resolved or cancelled. */
export const OCCURRENCE_KINDS = ['delay', 'attempt', 'refusal', 'damage', 'loss'] as const;
export type OccurrenceKind = (typeof OCCURRENCE_KINDS)[number];

/** The kinds that speak of another event: its resolution (an ocorrência's) and its cancellation (any one's). */
const REFERRING_KINDS = ['resolved', 'cancellation'] as const;

export const EVENT_KINDS = [...STATUS_KINDS, ...OCCURRENCE_KINDS, ...REFERRING_KINDS] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const EVENT_LABELS: Record<EventKind, string> = {
  scheduled: 'Coleta agendada',
  picked_up: 'Coletada',
  in_transit: 'Em trânsito',
  arrived: 'Chegada à filial/destino',
  out_for_delivery: 'Saiu para entrega',
  delivered: 'Entregue',
  delay: 'Atraso',
  attempt: 'Tentativa de entrega',
  refusal: 'Recusa',
  damage: 'Avaria',
  loss: 'Sinistro',
  resolved: 'Ocorrência resolvida',
  cancellation: 'Registro cancelado',
};

/** Who an event is for: the customer (on /rastreio, perhaps e-mailed) or the team alone. */
export const AUDIENCES = ['customer', 'internal'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const AUDIENCE_LABELS: Record<Audience, string> = { customer: 'cliente', internal: 'interno' };

/** The customer events that are e-mailed to the customer (§12.10): the ocorrências, and these. */
const MAILED: readonly EventKind[] = ['picked_up', 'out_for_delivery', 'delivered', ...OCCURRENCE_KINDS];

export const isStatusKind = (kind: string): kind is ShipmentStatus =>
  (STATUS_KINDS as readonly string[]).includes(kind);
export const isOccurrence = (kind: string): kind is OccurrenceKind =>
  (OCCURRENCE_KINDS as readonly string[]).includes(kind);

/** Whether an event of `kind` for `audience` is e-mailed to the customer. */
export const isMailed = (kind: EventKind, audience: Audience) => audience === 'customer' && MAILED.includes(kind);

/** What the status and the open ocorrências are read from: each event's kind, times and what it refers to. */
export type EventFacts = {
  id: string;
  kind: EventKind;
  occurredAt: string;
  /** The order events were recorded in: a tie in time goes to the later record. */
  seq: number;
  refersTo?: string;
};

/** The events no cancellation names. */
export function standing<E extends EventFacts>(events: readonly E[]): E[] {
  const cancelled = new Set(events.filter((e) => e.kind === 'cancellation').map((e) => e.refersTo));
  return events.filter((e) => e.kind !== 'cancellation' && !cancelled.has(e.id));
}

const inTime = (a: EventFacts, b: EventFacts) => a.occurredAt.localeCompare(b.occurredAt) || a.seq - b.seq;

/**
 * The status: the last status event standing, by when it happened and then by when it was recorded,
 * so that an event sent late from a phone without signal takes its place in time. 'Coleta agendada'
 * only starts a shipment: one opened after its load was picked up keeps the pickup's status.
 */
export function statusOf(events: readonly EventFacts[]): { status: ShipmentStatus; at?: string } {
  const up = standing(events).filter((e) => isStatusKind(e.kind));
  const last =
    up
      .filter((e) => e.kind !== 'scheduled')
      .toSorted(inTime)
      .at(-1) ?? up.toSorted(inTime).at(-1);
  return last ? { status: last.kind as ShipmentStatus, at: last.occurredAt } : { status: 'scheduled' };
}

/** The ocorrências standing that no standing resolution names. */
export function openOccurrences<E extends EventFacts>(events: readonly E[]): E[] {
  const up = standing(events);
  const resolved = new Set(up.filter((e) => e.kind === 'resolved').map((e) => e.refersTo));
  return up.filter((e) => isOccurrence(e.kind) && !resolved.has(e.id));
}
