import type { RequestListener } from 'node:http';
import request from 'supertest';
import type { Repository } from '../../server/composition/repository';
import type { Opening } from '../../server/shipments/commands/open';
import { storeQuote } from './inbox';
import { signedInMember } from './members';
import { propose } from './proposals';

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

/** A proposal accepted on its page, as the customer does: the shipment its acceptance opened, by its code. */
export async function acceptedShipment(repository: Repository, app: RequestListener) {
  const { member } = await signedInMember(repository, 'vendas');
  const quoteId = await storeQuote(repository, { company: 'Bebidas do Norte' });
  const { token } = await propose(repository, quoteId, member);
  await request(app)
    .post(`/proposta/${token}/aceitar`)
    .set({ 'Sec-Fetch-Site': 'same-origin' })
    .type('form')
    .send({ aceito_por: 'Carlos Lima' })
    .expect(303);
  const row = await repository.shipments.db.get('SELECT id, code FROM shipments WHERE quote_id = ?', [quoteId]);
  return { id: String(row?.id), code: String(row?.code), quoteId };
}
