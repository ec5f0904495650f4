import type { KeyKind } from './access-key';
import type { Audience, EventKind, ShipmentStatus } from './events';

// A shipment as the module's commands, pages and messages read it (docs/requirements.md §12.1).

/** A municipality as IBGE writes it, with its IBGE code (absent for a place an old API client typed freely). */
export type Place = { code?: string; city: string; state: string };

/** Who recorded an event: a member, the driver's link, an integration (by id), or the site itself. */
export type Recorder =
  | { kind: 'member'; id: string }
  | { kind: 'driver' }
  | { kind: 'integration'; id: string }
  | { kind: 'system' };

export type Shipment = {
  id: string;
  code: string;
  quoteId?: string;
  proposalId?: string;
  customerName?: string;
  customerEmail?: string;
  customerCompany?: string;
  /** 14 characters, as the quote stores a CNPJ's digits and letters. */
  customerCnpj?: string;
  recipientCnpj?: string;
  origin: Place;
  destination: Place;
  cargoType?: string;
  weightTons?: number;
  pickupFrom: string;
  pickupTo: string;
  /** The proposal's prazo de entrega, in days after pickup (§12.4). */
  deliveryDays?: number;
  promisedDate?: string;
  vehiclePlate?: string;
  vehicleClass?: string;
  driverName?: string;
  driverPhone?: string;
  driverEmail?: string;
  status: ShipmentStatus;
  statusAt?: string;
  lastEventAt?: string;
  deliveredAt?: string;
  /** Whether the customer is still e-mailed at their events (§12.10). */
  notices: boolean;
  /** The token of the one link that stops them, in every e-mail: it can do nothing else, so it is kept as it is. */
  noticesToken?: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** When an erasure took its personal data (§12.11). */
  erasedAt?: string;
};

export type ShipmentKey = { kind: KeyKind; digits: string; cnpj: string; number: string };

export type ShipmentEvent = {
  id: string;
  seq: number;
  shipmentId: string;
  kind: EventKind;
  occurredAt: string;
  recordedAt: string;
  municipality?: Place;
  audience: Audience;
  note?: string;
  recordedBy: Recorder;
  refersTo?: string;
  recipientName?: string;
  recipientDocument?: string;
  /** Whether its e-mail to the customer was queued. */
  mailed: boolean;
};

/** A photo of the canhoto as stored: a JPEG re-encoded, its size in pixels. */
type Photo = { id: string; eventId: string; width: number; height: number };

/** A shipment with all it carries: the team's page, a subject's access. */
export type ShipmentFile = Shipment & {
  keys: ShipmentKey[];
  events: ShipmentEvent[];
  photos: Photo[];
  /** When the live driver's link was issued; absent when none is live (never made, revoked, ended). */
  driverLinkAt?: string;
};
