import type { AuditContext, AuditEvent } from '../audit/events';
import type { Database, Queries } from '../db/database';

// What the module's commands are built with: the database, the outbox they queue their messages on,
// and the audit record they write to, each in the command's own transaction.

/** One message to queue with the command's change: its kind (messages.ts), record and shipment. */
export type Outgoing = { kind: string; record: unknown; leadId?: string };

export type ShipmentDeps = {
  db: Database;
  outbox: { enqueue(tx: Queries, message: Outgoing): Promise<boolean> };
  audit: (tx: Queries, event: AuditEvent) => Promise<void>;
  /** Whether e-mail is on: a link or a notice goes by e-mail only then. */
  mailOn: boolean;
};

/** Who acts and from where (a member, the driver's link, an integration, the site). */
export type By = AuditContext;

/** Waits for any other transaction on this shipment, so that two events at once take turns (PostgreSQL). */
export async function lockShipment(db: Database, tx: Queries, id: string) {
  if (db.dialect.keyLock) await tx.get(db.dialect.keyLock, [`shipment:${id}`]);
}
