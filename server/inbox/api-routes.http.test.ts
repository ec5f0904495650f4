import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LOST_NEEDS_REASON } from '../../shared/lead-change';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { startWebhookInstance } from '../../test/support/instance';
import { ADMIN_TOKEN, bearer, sampleContact, sampleQuote, validContact, validQuote } from '../../test/support/leads';
import { addMember } from '../../test/support/members';
import { eventually } from '../../test/support/wait';
import { startWebhookReceiver, webhookTo } from '../../test/support/webhooks';
import type { Repository } from '../composition/repository';
import { schemas } from '../openapi/parts';

// PATCH /api/contacts|quotes/ID (docs/requirements.md §6.2): status, owner and notes from a CRM, conditional on the
// version (If-Match, ETag), and the updated webhooks it writes with each change.

type App = Parameters<typeof request>[0];
const patch = (app: App, path: string, body: object, ifMatch?: string) => {
  const req = request(app).patch(path).set('Authorization', bearer).send(body);
  return ifMatch === undefined ? req : req.set('If-Match', ifMatch);
};

describe.each(backendsForThisFile())('PATCH of a lead on $name', (backend) => {
  async function setUp() {
    const repository: Repository = await backend.fresh({ channels: ['webhook'] });
    const { app } = createTestApp({ repository, adminToken: ADMIN_TOKEN });
    const quote = (await repository.quotes.createQuote(validQuote(sampleQuote))).record.id;
    const contact = (await repository.contacts.createContact(validContact(sampleContact))).record.id;
    return { app, repository, quote, contact };
  }
  /** The updated webhooks waiting in the outbox, as stored. */
  const updates = async () =>
    (await backend.rows('outbox')).filter((row) => String(row.kind).endsWith('.updated') && row.channel === 'webhook');

  it('records the lead shown by a 412 and by a change of nothing, and a change by its own line alone', async () => {
    const { app, repository, contact } = await setUp();
    const linesOf = async (res: request.Response) =>
      (await repository.audit.readAudit({ leadId: contact, limit: 20 }))
        .filter((line) => line.requestId === res.headers['x-request-id'])
        .map((line) => [line.action, line.actor]);

    const nothing = await patch(app, `/api/contacts/${contact}`, { status: 'new' }).expect(200);
    const stale = await patch(app, `/api/contacts/${contact}`, { status: 'contacted' }, '"1"').expect(412);
    const changed = await patch(app, `/api/contacts/${contact}`, { status: 'contacted' }, '"2"').expect(200);

    expect(stale.body.data.name).toBe(sampleContact.name);
    expect(await linesOf(nothing)).toEqual([['lead.viewed', 'token']]);
    expect(await linesOf(stale)).toEqual([['lead.viewed', 'token']]);
    expect(await linesOf(changed)).toEqual([['lead.status', 'token']]);
  });

  it('answers If-Match on an id no lead has with 404 and no lead', async () => {
    const { app } = await setUp();

    const res = await patch(app, '/api/contacts/00000000-0000-4000-8000-000000000000', { status: 'new' }, '"1"');

    expect([res.status, res.body.code, res.body.data]).toEqual([404, 'CONTACT_NOT_FOUND', undefined]);
  });

  it('sets status, owner and a note, answers the lead with its work and its ETag, audited under the token', async () => {
    const { app, repository, quote } = await setUp();
    const owner = await addMember(repository, 'vendas');
    const read = await request(app).get(`/api/quotes/${quote}`).set('Authorization', bearer).expect(200);
    expect(read.headers.etag).toBe('"1"');

    const res = await patch(
      app,
      `/api/quotes/${quote}`,
      { status: 'contacted', owner: owner.email.toUpperCase(), note: 'Ligou às 10h' },
      '"1"',
    );

    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.body.data).toMatchObject({
      id: quote,
      name: sampleQuote.name,
      status: 'contacted',
      owner: { name: owner.name, email: owner.email },
      version: 2,
      notes: [{ author: 'API', body: 'Ligou às 10h' }],
    });
    // What the OpenAPI document promises (server/inbox/openapi.ts).
    expect(() => schemas.WorkedQuote.parse(res.body.data)).not.toThrow();
    const lines = await repository.audit.readAudit({ leadId: quote, limit: 10 });
    expect(lines.map((line) => [line.action, line.actor])).toEqual(
      expect.arrayContaining([
        ['lead.status', 'token'],
        ['lead.owner', 'token'],
        ['lead.note', 'token'],
      ]),
    );
    expect(await updates()).toHaveLength(1);
  });

  it('answers 412 with the lead as it stands to a stale If-Match, and changes nothing', async () => {
    const { app, repository, contact } = await setUp();
    await patch(app, `/api/contacts/${contact}`, { status: 'proposal' }, '"1"').expect(200);

    const res = await patch(app, `/api/contacts/${contact}`, { status: 'won' }, '"1"');

    expect(res.status).toBe(412);
    expect(res.headers.etag).toBe('"2"');
    expect(res.body).toMatchObject({ success: false, code: 'LEAD_CHANGED', data: { status: 'proposal', version: 2 } });
    expect((await repository.inbox.getLead(contact))?.work).toMatchObject({ status: 'proposal', version: 2 });
    expect(await updates()).toHaveLength(1);
    // Without If-Match the change applies to the version as it stands.
    expect((await patch(app, `/api/contacts/${contact}`, { status: 'won' })).body.data.version).toBe(3);
  });

  it('refuses bad bodies in Portuguese, field by field', async () => {
    const { app, repository, contact, quote } = await setUp();

    const lost = await patch(app, `/api/contacts/${contact}`, { status: 'lost' });
    const unknown = await patch(app, `/api/contacts/${contact}`, { owner: 'ninguem@example.com' });
    const empty = await patch(app, `/api/contacts/${contact}`, {});

    expect(lost.status).toBe(400);
    expect(lost.body.errors).toEqual({ lostReason: LOST_NEEDS_REASON });
    expect(unknown.body.errors.owner).toMatch(/^Ninguém da equipe tem este e-mail/);
    expect(empty.body.errors.body).toMatch(/^Nada a alterar/);
    expect((await patch(app, `/api/quotes/${contact}`, { status: 'won' })).body.code).toBe('QUOTE_NOT_FOUND');
    expect((await patch(app, `/api/contacts/${quote}`, { status: 'won' })).body.code).toBe('CONTACT_NOT_FOUND');
    expect((await patch(app, '/api/contacts/x', { status: 'won' })).body.code).toBe('INVALID_CONTACT_ID');
    await request(app).patch(`/api/contacts/${contact}`).send({ status: 'won' }).expect(401);
    expect((await repository.inbox.getLead(contact))?.work.version).toBe(1);
    expect(await updates()).toHaveLength(0);
  });
});

describe('the updated webhooks', () => {
  it('posts contact.updated once per change, signed, with the lead as the PATCH replied it', async () => {
    const receiver = await startWebhookReceiver();
    const repository = await backendsForThisFile()[0]!.fresh({ channels: ['webhook'] });
    const { app } = startWebhookInstance(repository, webhookTo(receiver.url));
    const { record } = await repository.contacts.createContact(validContact(sampleContact));

    const reply = (await patch(app, `/api/contacts/${record.id}`, { status: 'contacted', note: 'Retornou' })).body;

    await eventually(() => expect(receiver.deliveries).toHaveLength(2));
    expect(receiver.rejected).toEqual([]);
    const updated = receiver.deliveries.find(({ body }) => body.type === 'contact.updated');
    expect(updated?.body).toEqual({ type: 'contact.updated', timestamp: reply.data.updatedAt, data: reply.data });
  });
});
