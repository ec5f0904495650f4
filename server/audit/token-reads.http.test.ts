import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { ADMIN_TOKEN, bearer, fullQuote, sampleContact } from '../../test/support/leads';

/** An app with the token, behind one trusted proxy, holding a contact and a quote; their ids. */
async function appWithLeads() {
  const { app, repository } = createTestApp({ adminToken: ADMIN_TOKEN, trustProxy: ['loopback'] });
  const contact = (await request(app).post('/api/contacts').send(sampleContact).expect(201)).body.data.id;
  const quote = (await request(app).post('/api/quotes').send(fullQuote).expect(201)).body.data.id;
  /** A read with the token, from the client 203.0.113.5 as the proxy names it. */
  const read = (method: 'get' | 'delete', path: string) =>
    request(app)[method](path).set('Authorization', bearer).set('X-Forwarded-For', '203.0.113.5');
  /** The newest line of the audit record. */
  const last = async () => (await repository.audit.readAudit({ limit: 1 }))[0];
  return { contact, quote, read, last };
}

// The API token's reads of personal data, each recorded as the token's (docs/requirements.md §11.6): who, what, from
// where and the request id the response carries.
describe('the API token’s reads in the audit record', () => {
  it.each([
    ['/api/contacts?limit=5', 'contacts'],
    ['/api/quotes', 'quotes'],
  ] as const)('GET %s records the page read with the leads it showed', async (path, table) => {
    const { contact, quote, read, last } = await appWithLeads();

    const res = await read('get', path).expect(200);

    expect(await last()).toEqual({
      seq: expect.any(Number),
      at: expect.any(String),
      action: 'leads.read',
      actor: 'token',
      leadIds: [table === 'contacts' ? contact : quote],
      detail: { table, page: 1, limit: table === 'contacts' ? 5 : 10 },
      ip: '203.0.113.5',
      requestId: res.headers['x-request-id'],
    });
  });

  it('GET /api/quotes/:id records the quote viewed', async () => {
    const { quote, read, last } = await appWithLeads();

    const res = await read('get', `/api/quotes/${quote}`).expect(200);

    expect(await last()).toMatchObject({
      action: 'lead.viewed',
      actor: 'token',
      leadIds: [quote],
      ip: '203.0.113.5',
      requestId: res.headers['x-request-id'],
    });
  });

  it.each([
    ['/api/contacts.csv', 'contacts'],
    ['/api/quotes.csv', 'quotes'],
  ] as const)('GET %s records an export of the whole table', async (path, table) => {
    const { read, last } = await appWithLeads();

    const res = await read('get', path).expect(200);

    expect(await last()).toMatchObject({
      action: 'leads.exported',
      actor: 'token',
      detail: { table, filter: 'nenhum' },
      ip: '203.0.113.5',
      requestId: res.headers['x-request-id'],
    });
  });

  it('GET and DELETE /api/subjects record the access and the erasure, without the address', async () => {
    const { contact, read, last } = await appWithLeads();

    const access = await read('get', `/api/subjects?email=${sampleContact.email}`).expect(200);
    const accessed = await last();
    const erasure = await read('delete', `/api/subjects?email=${sampleContact.email}`).expect(200);

    expect(accessed).toMatchObject({
      action: 'subject.access',
      actor: 'token',
      ip: '203.0.113.5',
      requestId: access.headers['x-request-id'],
    });
    expect(accessed?.leadIds).toContain(contact);
    const erased = await last();
    expect(erased).toMatchObject({
      action: 'subject.erasure',
      actor: 'token',
      detail: { contacts: 1 },
      ip: '203.0.113.5',
      requestId: erasure.headers['x-request-id'],
    });
    expect(JSON.stringify([accessed, erased])).not.toContain(sampleContact.email);
  });

  it('records nothing for a read the token did not open', async () => {
    const { read, last } = await appWithLeads();

    await read('get', '/api/contacts').set('Authorization', 'Bearer errado-errado-errado-errado-errado').expect(401);

    expect(await last()).toBeUndefined();
  });
});
