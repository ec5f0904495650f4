import type { Opening } from '../../server/shipments/commands/open';

/** A shipment as a member opens it for a customer who did not come through the site (docs/requirements.md §12.1). */
export const OPENING: Opening = {
  customerName: 'Marta Lima',
  customerEmail: 'marta@acme.com.br',
  customerCompany: 'Acme Alimentos',
  customerCnpj: '12345678000195',
  origin: { code: '3509502', city: 'Campinas', state: 'SP' },
  destination: { code: '1501402', city: 'Belém', state: 'PA' },
  cargoType: 'carga_geral',
  weightTons: 24,
  pickupFrom: '2026-12-02',
  pickupTo: '2026-12-03',
  deliveryDays: 7,
};
