import { type By, lockShipment, type ShipmentDeps } from '../deps';
import { digestOf, newToken } from '../links';
import { shipmentOutbox } from '../messages';
import { laneOf } from '../reads';
import { endDriverLinks, issueDriverLinkRow, shipmentById, shipmentByNoticesToken, stopNotices } from '../sql-store';

// The driver's link (docs/requirements.md §12.7) made, sent and revoked by a member, and the
// customer's notices stopped by their one link (§12.10).

export type Issued = { outcome: 'issued'; token: string; mailed: boolean } | { outcome: 'delivered' | 'missing' };

/**
 * A new link for the driver, ending the one before; mailed to the driver's e-mail when `mail` asks
 * and e-mail is on. The token is returned to be shown once: only its digest is kept.
 */
export const issueDriverLink = (deps: ShipmentDeps, id: string, mail: boolean, by: By) =>
  deps.db.transaction(async (tx): Promise<Issued> => {
    await lockShipment(deps.db, tx, id);
    const shipment = await shipmentById(tx, id);
    if (!shipment) return { outcome: 'missing' };
    if (shipment.status === 'delivered') return { outcome: 'delivered' };
    const token = newToken();
    await issueDriverLinkRow(tx, id, digestOf(token), new Date().toISOString());
    const mailed =
      mail &&
      shipment.driverEmail !== undefined &&
      (await shipmentOutbox(deps.outbox).enqueue(tx, {
        kind: 'shipment.driver_link',
        leadId: id,
        record: {
          to: shipment.driverEmail,
          ...(shipment.driverName && { name: shipment.driverName }),
          code: shipment.code,
          lane: laneOf(shipment),
          token,
        },
      }));
    await deps.audit.append(tx, {
      ...by,
      action: 'shipment.driver_link',
      leadIds: [id],
      detail: { code: shipment.code, mailed },
    });
    return { outcome: 'issued', token, mailed };
  });

export const revokeDriverLink = (deps: ShipmentDeps, id: string, by: By) =>
  deps.db.transaction(async (tx) => {
    const shipment = await shipmentById(tx, id);
    if (!shipment || (await endDriverLinks(tx, id, new Date().toISOString())) === 0) return false;
    await deps.audit.append(tx, {
      ...by,
      action: 'shipment.driver_link.revoked',
      leadIds: [id],
      detail: { code: shipment.code },
    });
    return true;
  });

/** The customer's one link: stops the shipment's notices, once; true when it was on. */
export const stopShipmentNotices = (deps: ShipmentDeps, token: string, by: By) =>
  deps.db.transaction(async (tx) => {
    const shipment = await shipmentByNoticesToken(tx, token);
    if (!shipment) return undefined;
    const stopped = (await stopNotices(tx, shipment.id)) > 0;
    if (stopped)
      await deps.audit.append(tx, {
        ...by,
        action: 'shipment.notices_stopped',
        leadIds: [shipment.id],
        detail: { code: shipment.code },
      });
    return { shipment, stopped };
  });
