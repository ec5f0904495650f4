import { describe, expect, it } from 'vitest';
import { type Reply, startReceiver } from '../../test/support/http-receiver';
import { ADMIN_TOKEN } from '../../test/support/leads';
import { createApiClient } from './client';
import { ApiError } from './request';

/** A real HTTP server on a free port that answers every request with `reply`. */
async function serverReplying(reply: Reply) {
  const { url: baseUrl, requests: seen } = await startReceiver(() => reply);
  return { baseUrl, seen };
}

const contact = { name: 'Ana', email: 'ana@empresa.com.br', message: 'Olá' };
const created = { success: true, message: 'ok', data: { id: 'a', createdAt: 'b' } };

describe('createApiClient', () => {
  it('sends JSON with a Content-Type header and returns the JSON reply', async () => {
    const { baseUrl, seen } = await serverReplying({ status: 201, body: created });
    const reply = await createApiClient({ baseUrl }).createContact(contact, { idempotencyKey: 'k-1' });
    expect(reply).toEqual(created);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/contacts', body: JSON.stringify(contact) });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.headers['idempotency-key']).toBe('k-1');
  });

  it("raises the server's message on a non-OK reply, with its field errors", async () => {
    const { baseUrl } = await serverReplying({
      status: 400,
      body: {
        success: false,
        code: 'INVALID_FIELDS',
        message: 'Verifique os campos',
        errors: { email: 'E-mail inválido' },
      },
    });
    const error = await createApiClient({ baseUrl })
      .createContact(contact)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Verifique os campos',
      status: 400,
      fieldErrors: { email: 'E-mail inválido' },
    });
  });

  it('raises "HTTP error! status: {code}" when a non-OK reply has no message', async () => {
    const { baseUrl } = await serverReplying({ status: 502, body: { success: false } });
    await expect(createApiClient({ baseUrl }).createContact(contact)).rejects.toThrow('HTTP error! status: 502');
  });

  it('treats a reply body that is not JSON as one without a message', async () => {
    const { baseUrl } = await serverReplying({ status: 503, body: '<html>Bad gateway</html>', type: 'text/html' });
    await expect(createApiClient({ baseUrl }).createContact(contact)).rejects.toThrow('HTTP error! status: 503');
  });

  it('raises "Erro ao enviar solicitação" when a contact reply has no success flag', async () => {
    const { baseUrl } = await serverReplying({ status: 200, body: { message: 'ok' } });
    await expect(createApiClient({ baseUrl }).createContact(contact)).rejects.toThrow('Erro ao enviar solicitação');
  });

  it('raises "Erro ao enviar solicitação" when an OK contact reply is not JSON', async () => {
    const { baseUrl } = await serverReplying({ status: 200, body: 'ok', type: 'text/plain' });
    await expect(createApiClient({ baseUrl }).createContact(contact)).rejects.toThrow('Erro ao enviar solicitação');
  });

  it('asks for page 1 and limit 10 by default, with the admin token', async () => {
    const { baseUrl, seen } = await serverReplying({ status: 200, body: { success: true, data: [] } });
    const client = createApiClient({ baseUrl, adminToken: ADMIN_TOKEN });
    await client.listContacts();
    await client.listQuotes({ page: 3, limit: 50 });
    expect(seen.map((request) => request.url)).toEqual([
      '/api/contacts?page=1&limit=10',
      '/api/quotes?page=3&limit=50',
    ]);
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('calls every other endpoint of the spec with its method and path', async () => {
    const { baseUrl, seen } = await serverReplying({ status: 200, body: { success: true, status: 'ok' } });
    const client = createApiClient({ baseUrl });
    await client.health();
    await client.createQuote({} as never);
    await client.getQuote('abc/../x');
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /health',
      'POST /api/quotes',
      'GET /api/quotes/abc%2F..%2Fx',
    ]);
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('asks for and erases what is stored under an e-mail, with the admin token', async () => {
    const { baseUrl, seen } = await serverReplying({ status: 200, body: { success: true, data: {} } });
    const client = createApiClient({ baseUrl, adminToken: ADMIN_TOKEN });
    await client.readSubject('Ana+frete@empresa.com.br');
    await client.eraseSubject('ana@empresa.com.br');
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/subjects?email=Ana%2Bfrete%40empresa.com.br',
      'DELETE /api/subjects?email=ana%40empresa.com.br',
    ]);
    expect(seen.map((request) => request.headers.authorization)).toEqual([
      `Bearer ${ADMIN_TOKEN}`,
      `Bearer ${ADMIN_TOKEN}`,
    ]);
  });
});
