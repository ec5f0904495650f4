// What the module's pages show, as the routes hand it to the views (views/*.tsx): words and links
// already made, so that the views decide nothing.

type Line = { label: string; value: string };
export type Notice = { kind: 'error' | 'ok'; text: string };

/** A shipment on the Embarques page. */
export type Card = {
  code: string;
  href: string;
  lane: string;
  status: string;
  /** 'Entrega até 09/12/2026', or that none was promised. */
  promise: string;
  /** 'no prazo', 'atrasado', … with a mark; absent when nothing was promised. */
  punctuality?: { text: string; late: boolean };
  /** Why it is on the late list, when it is. */
  late?: string;
  lastEvent?: string;
};

export type BoardProps = {
  sections: { id: string; title: string; empty: string; cards: Card[] }[];
};

/** One event on the team's timeline. */
export type TimelineRow = {
  id: string;
  label: string;
  when: string;
  /** ISO, for <time>. */
  at: string;
  municipality?: string;
  audience: string;
  by: string;
  note?: string;
  /** Why it was cancelled, when it was: the row is struck through. */
  cancelled?: string;
  /** For a resolution or a cancellation, the event it names. */
  about?: string;
  mailed: boolean;
  recipient?: string;
  photos: { href: string; label: string }[];
  /** Whether the row offers 'Cancelar' and, for an open ocorrência, 'Resolver'. */
  cancellable: boolean;
  resolvable: boolean;
};

/** The driver's link, as the shipment's page shows it. */
export type DriverLinkState =
  | { state: 'none' }
  | { state: 'live'; since: string }
  | { state: 'ended' }
  /** Just made: shown this once. */
  | { state: 'shown'; url: string; qrSvg: string; whatsapp?: string; mailed: boolean };

export type ShipmentPageProps = {
  code: string;
  path: string;
  lane: string;
  status: string;
  punctuality?: { text: string; late: boolean };
  notice?: Notice;
  lines: Line[];
  keys: { kind: string; text: string; digits: string }[];
  crew: Record<string, string>;
  promisedDate: string;
  pickupFrom: string;
  estimate?: string;
  driverLink: DriverLinkState;
  driverHasEmail: boolean;
  timeline: TimelineRow[];
  /** The forms' values and messages after a refusal, by field. */
  values: Record<string, string>;
  errors: Record<string, string>;
  /** Which form the errors are of. */
  form?: string;
  now: { date: string; time: string };
  eventKey: string;
  recordedKinds: { value: string; label: string }[];
};

export type OpenFormProps = {
  values: Record<string, string>;
  errors: Record<string, string>;
  notice?: Notice;
};

export type IntegrationsProps = {
  integrations: { id: string; name: string; created: string; revoked?: string; endpoint: string }[];
  /** Just made: the token and the secret, shown this once. */
  shown?: { name: string; token: string; secret: string; endpoint: string };
  notice?: Notice;
  errors: Record<string, string>;
};

/** /rastreio (§12.9): the form, what it found, or that it found nothing. */
export type TrackingProps = {
  values: { codigo?: string; chave?: string; cnpj?: string; nf?: string };
  /** What the text alone shows is wrong, by field. */
  errors: Record<string, string>;
  outcome?:
    | {
        kind: 'found';
        code: string;
        lane: string;
        status: string;
        promise?: string;
        punctuality?: { text: string; late: boolean };
        delivered: boolean;
        events: { label: string; when: string; at: string; municipality?: string }[];
      }
    | { kind: 'missing' }
    | { kind: 'limited'; message: string };
};

/** A page of the shipper's or the driver's side that says one thing: a link that ended, a proof, a notice. */
export type MessageProps = {
  title: string;
  text: string;
  tone?: 'ok' | 'error' | 'info';
  action?: { href: string; label: string };
};

/** The driver's page (§12.7): the load, and a form per thing that happens. */
export type DriverPageProps = {
  path: string;
  code: string;
  lane: string;
  status: string;
  promise?: string;
  /** 'Registrado: Coletada.' after a post without JavaScript; a refusal's message. */
  notice?: Notice;
  /** A fresh key per form, per render: a double tap sends the same one. */
  keys: Record<'picked_up' | 'in_transit' | 'arrived' | 'delivered' | 'occurrence', string>;
  errors: Record<string, string>;
  values: Record<string, string>;
  events: { label: string; when: string; municipality?: string }[];
  occurrenceKinds: { value: string; label: string }[];
};

/** The proof of delivery, as its link shows it to the shipper (§12.12). */
export type ProofProps = {
  code: string;
  lane: string;
  recipient: string;
  document?: string;
  when: string;
  municipality?: string;
  photos: { src: string; alt: string; width: number; height: number }[];
};
