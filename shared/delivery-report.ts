// The weekly report's deliveries (docs/requirements.md §12.14): what the server counts and the view
// shows, the page's claims beside what was measured.

export type LaneTransit = { lane: string; deliveries: number; medianHours: number };

export type DeliveryFigures = {
  /** Deliveries made in the week. */
  delivered: number;
  /** Of those with a promised date, how many were delivered by it. */
  onTime: number;
  promised: number;
  /** Pickup to delivery, by lane, most deliveries first. */
  byLane: LaneTransit[];
  /** The ocorrências still open now, by kind's label. */
  openOccurrences: { label: string; count: number }[];
  /** Since the first shipment recorded: the measured figures beside the page's claims. */
  allTime: { since?: string; delivered: number; onTime: number; promised: number };
};
