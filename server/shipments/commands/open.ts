import { randomUUID } from 'node:crypto';
import { cnpjCharacters } from '../../../shared/cnpj';
import type { Queries } from '../../db/database';
import { ibgePlaces } from '../../freight/places';
import { newShipmentCode } from '../code';
import type { By, ShipmentDeps } from '../deps';
import { newToken } from '../links';
import { shipmentOutbox } from '../messages';
import { fileOf, hookRecord, laneOf } from '../reads';
import { insertShipment, type NewShipment, shipmentByCode, shipmentOfProposal } from '../sql-store';
import { recordInTransaction } from './record-event';

// Opening a shipment (docs/requirements.md §12.1): from an accepted proposal, in its acceptance's
// transaction, or by a member for a customer who did not come through the site. It starts with its
// 'Coleta agendada' event, the customer's notice with the code, and the shipment.created webhook.

export type Opening = Omit<NewShipment, 'code' | 'createdBy' | 'noticesToken' | 'promisedDate'> & {
  promisedDate?: string;
};

const ONE_DAY = 86_400_000;
/** A São Paulo date plus `days` calendar days. */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * ONE_DAY).toISOString().slice(0, 10);

/** A code no shipment has: 2⁵⁰ of them make a second draw all but never needed. */
async function freeCode(tx: Queries) {
  for (;;) {
    const code = newShipmentCode();
    if (!(await shipmentByCode(tx, code))) return code;
  }
}

/** Opens a shipment in `tx`, the caller's transaction: the shipment's id. */
async function openInTransaction(deps: ShipmentDeps, tx: Queries, opening: Opening, by: By) {
  const id = randomUUID();
  const at = new Date().toISOString();
  const promisedDate =
    opening.promisedDate ??
    (opening.deliveryDays === undefined ? undefined : plusDays(opening.pickupFrom, opening.deliveryDays));
  const createdBy = by.actor.kind === 'member' ? by.actor.id : by.actor.kind;
  const code = await freeCode(tx);
  await insertShipment(
    tx,
    id,
    { ...opening, code, createdBy, noticesToken: newToken(), ...(promisedDate && { promisedDate }) },
    at,
  );
  await deps.audit.append(tx, { ...by, action: 'shipment.opened', leadIds: [id], detail: { code } });
  await recordInTransaction(
    deps,
    tx,
    id,
    {
      kind: 'scheduled',
      occurredAt: at,
      audience: 'customer',
      dedupeKey: `opened:${id}`,
      recordedBy: by.actor.kind === 'member' ? { kind: 'member', id: by.actor.id } : { kind: 'system' },
    },
    by,
    { quiet: true },
  );
  const file = (await fileOf(tx, id))!;
  const outbox = shipmentOutbox(deps.outbox);
  if (file.customerEmail && file.noticesToken)
    await outbox.enqueue(tx, {
      kind: 'shipment.notice',
      leadId: id,
      record: {
        to: file.customerEmail,
        code,
        lane: laneOf(file),
        ...(file.promisedDate && { promisedDate: file.promisedDate }),
        about: 'opened',
        occurredAt: at,
        noticesToken: file.noticesToken,
      },
    });
  await outbox.enqueue(tx, {
    kind: 'shipment.created',
    leadId: id,
    record: hookRecord('shipment.created', file, at),
  });
  return id;
}

/** A shipment opened in a transaction of its own (the team's form). */
export const openShipment = (deps: ShipmentDeps, opening: Opening, by: By) =>
  deps.db.transaction((tx) => openInTransaction(deps, tx, opening, by));

/** What of an accepted proposal and its quote a shipment is opened from (docs/requirements.md §12.1). */
export type AcceptedProposal = {
  proposal: { id: string; pickupFrom: string; pickupTo: string; deliveryDays?: number };
  quote: {
    id: string;
    name: string;
    email: string;
    company?: string;
    cnpj?: string;
    origin: { city: string; state: string };
    destination: { city: string; state: string };
    cargoType: string;
    weightTons: number;
  };
};

/**
 * In the acceptance's transaction: the shipment of an accepted proposal, once (a proposal opens one
 * shipment, whatever replica took the answer). The places are the quote's, with their IBGE codes
 * when the quote named IBGE municipalities.
 */
export async function openFromProposal(deps: ShipmentDeps, tx: Queries, { proposal, quote }: AcceptedProposal) {
  if (await shipmentOfProposal(tx, proposal.id)) return;
  const places = ibgePlaces();
  const place = ({ city, state }: { city: string; state: string }) => {
    const ibge = places.placeNamed({ city, state });
    return ibge ? { code: ibge.code, city: ibge.name, state: ibge.uf } : { city, state };
  };
  await openInTransaction(
    deps,
    tx,
    {
      quoteId: quote.id,
      proposalId: proposal.id,
      customerName: quote.name,
      customerEmail: quote.email,
      ...(quote.company && { customerCompany: quote.company }),
      ...(quote.cnpj && { customerCnpj: cnpjCharacters(quote.cnpj) }),
      origin: place(quote.origin),
      destination: place(quote.destination),
      cargoType: quote.cargoType,
      weightTons: quote.weightTons,
      pickupFrom: proposal.pickupFrom,
      pickupTo: proposal.pickupTo,
      ...(proposal.deliveryDays !== undefined && { deliveryDays: proposal.deliveryDays }),
    },
    { actor: { kind: 'system' } },
  );
}
