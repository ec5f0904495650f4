import type { Database, Queries } from '../db/database';
import type { AuditContext } from '../module/audit';
import type { Services } from '../module/contract';

// What the module's commands are built with (server/module/contract.ts, Services): the database,
// and the audit record and the outbox they write to, each in the command's own transaction.

export type ShipmentDeps = Pick<Services, 'db' | 'audit' | 'outbox'>;

/** Who acts and from where (a member, the driver's link, an integration, the site). */
export type By = AuditContext;

/** Waits for any other transaction on this shipment, so that two events at once take turns (PostgreSQL). */
export async function lockShipment(db: Database, tx: Queries, id: string) {
  if (db.dialect.keyLock) await tx.get(db.dialect.keyLock, [`shipment:${id}`]);
}
