import { codeText } from '../code';
import { type By, lockShipment, type ShipmentDeps } from '../deps';
import { shipmentOutbox } from '../messages';
import { fileOf, hookRecord } from '../reads';
import type { ShipmentKey } from '../shipment';
import { deleteKey, insertKey, type ShipmentChange, shipmentOfKey, updateShipment } from '../sql-store';

// The team's changes to a shipment (docs/requirements.md §12.1): a key added or removed, the vehicle,
// the driver, the promised date. Each is one transaction with its audit line and the
// shipment.updated webhook. The fields arrive checked (forms.ts); what only the database knows (a
// key already on another shipment) is checked here.

export type Change =
  | { kind: 'key.added'; key: ShipmentKey }
  | { kind: 'key.removed'; digits: string }
  | { kind: 'fields'; fields: ShipmentChange };

export type Changed = { outcome: 'changed' } | { outcome: 'refused'; message: string } | { outcome: 'missing' };

export const changeShipment = (deps: ShipmentDeps, id: string, change: Change, by: By) =>
  deps.db.transaction(async (tx): Promise<Changed> => {
    await lockShipment(deps.db, tx, id);
    const before = await fileOf(tx, id);
    if (!before) return { outcome: 'missing' };
    const at = new Date().toISOString();
    if (change.kind === 'key.added') {
      const holder = await shipmentOfKey(tx, change.key.digits);
      if (holder)
        return {
          outcome: 'refused',
          message:
            holder.id === id
              ? 'Esta chave já está neste embarque.'
              : `Esta chave já está no embarque ${codeText(holder.code)}.`,
        };
      await insertKey(tx, id, change.key, at);
    } else if (change.kind === 'key.removed') {
      if ((await deleteKey(tx, id, change.digits)) === 0)
        return { outcome: 'refused', message: 'Esta chave não está no embarque.' };
    } else await updateShipment(tx, id, change.fields, at);
    const what = change.kind === 'fields' ? Object.keys(change.fields).sort().join(',') : change.kind;
    await deps.audit.append(tx, {
      ...by,
      action: 'shipment.changed',
      leadIds: [id],
      detail: { code: before.code, change: what },
    });
    const after = (await fileOf(tx, id))!;
    await shipmentOutbox(deps.outbox).enqueue(tx, {
      kind: 'shipment.updated',
      leadId: id,
      record: hookRecord('shipment.updated', after, at),
    });
    return { outcome: 'changed' };
  });
