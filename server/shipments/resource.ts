import type { Place, Recorder, ShipmentFile } from './shipment';

// A shipment as it leaves the server to a system of the company's own: the webhooks (§12.10) and a
// person's access to their data (§12.11). Photos are counted here; the access adds their bytes.

const placeOut = ({ code, city, state }: Place) => ({ ...(code && { ibge: code }), city, state });

const recorderOut = (by: Recorder) =>
  by.kind === 'member' || by.kind === 'integration' ? { kind: by.kind, id: by.id } : { kind: by.kind };

export function shipmentResource(file: ShipmentFile) {
  return {
    id: file.id,
    code: file.code,
    ...(file.quoteId && { quoteId: file.quoteId }),
    ...(file.proposalId && { proposalId: file.proposalId }),
    customer: {
      ...(file.customerName && { name: file.customerName }),
      ...(file.customerEmail && { email: file.customerEmail }),
      ...(file.customerCompany && { company: file.customerCompany }),
      ...(file.customerCnpj && { cnpj: file.customerCnpj }),
    },
    ...(file.recipientCnpj && { recipientCnpj: file.recipientCnpj }),
    origin: placeOut(file.origin),
    destination: placeOut(file.destination),
    ...(file.cargoType && { cargoType: file.cargoType }),
    ...(file.weightTons !== undefined && { weightTons: file.weightTons }),
    pickupWindow: { from: file.pickupFrom, to: file.pickupTo },
    ...(file.deliveryDays !== undefined && { deliveryDays: file.deliveryDays }),
    ...(file.promisedDate && { promisedDate: file.promisedDate }),
    vehicle: {
      ...(file.vehiclePlate && { plate: file.vehiclePlate }),
      ...(file.vehicleClass && { class: file.vehicleClass }),
    },
    driver: {
      ...(file.driverName && { name: file.driverName }),
      ...(file.driverPhone && { phone: file.driverPhone }),
      ...(file.driverEmail && { email: file.driverEmail }),
    },
    keys: file.keys.map(({ kind, digits }) => ({ kind, key: digits })),
    status: file.status,
    ...(file.deliveredAt && { deliveredAt: file.deliveredAt }),
    createdAt: file.createdAt,
    events: file.events.map((event) => ({
      id: event.id,
      type: event.kind,
      occurredAt: event.occurredAt,
      recordedAt: event.recordedAt,
      audience: event.audience,
      ...(event.municipality && { municipality: placeOut(event.municipality) }),
      ...(event.note && { note: event.note }),
      recordedBy: recorderOut(event.recordedBy),
      ...(event.refersTo && { refersTo: event.refersTo }),
      ...(event.recipientName && {
        recipient: { name: event.recipientName, ...(event.recipientDocument && { document: event.recipientDocument }) },
      }),
      photos: file.photos.filter((photo) => photo.eventId === event.id).length,
    })),
  };
}

export type ShipmentResource = ReturnType<typeof shipmentResource>;
