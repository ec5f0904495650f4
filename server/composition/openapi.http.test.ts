import { Validator } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { ADMIN_TOKEN, bearer, fullQuote, sampleContact } from '../../test/support/leads';
import { webhookEvents, webhookExamples } from '../outbox/openapi';

/** Each operation's replies, security and parameters: what a client codes against. */
function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      operation: `${method.toUpperCase()} ${path}`,
      replies: Object.keys(operation.responses as object).join(' '),
      admin: operation.security !== undefined,
      parameters: ((operation.parameters ?? []) as { in: string; name: string }[]).map((p) => `${p.in}:${p.name}`),
    })),
  );
}

describe('GET /api/openapi.json', () => {
  it('passes an independent OpenAPI 3.1 validator', async () => {
    const { app } = createTestApp();
    const document = (await request(app).get('/api/openapi.json')).body;

    const validator = new Validator();
    const result = await validator.validate(document);

    expect(result.errors).toBeUndefined();
    expect([result.valid, validator.version]).toEqual([true, '3.1']);
  });

  it("keeps each operation's replies, security and parameters", async () => {
    const { app } = createTestApp();
    const document = (await request(app).get('/api/openapi.json')).body;
    const page = ['query:page', 'query:limit'];
    const write = '201 400 403 413 415 503';
    const read = '200 400 401 403 429 503';
    const events = '200 201 400 401 404 413 415 429 503';

    expect(operationsOf(document).sort((a, b) => a.operation.localeCompare(b.operation))).toEqual([
      { operation: 'DELETE /api/subjects', replies: read, admin: true, parameters: ['query:email'] },
      { operation: 'GET /api/contacts', replies: read, admin: true, parameters: page },
      { operation: 'GET /api/contacts.csv', replies: '200 401 403 429 503', admin: true, parameters: [] },
      { operation: 'GET /api/openapi.json', replies: '200', admin: false, parameters: [] },
      { operation: 'GET /api/quotes', replies: read, admin: true, parameters: page },
      { operation: 'GET /api/quotes.csv', replies: '200 401 403 429 503', admin: true, parameters: [] },
      {
        operation: 'GET /api/quotes/{id}',
        replies: '200 400 401 403 404 429 503',
        admin: true,
        parameters: ['path:id'],
      },
      { operation: 'GET /api/subjects', replies: read, admin: true, parameters: ['query:email'] },
      { operation: 'GET /health', replies: '200 503', admin: false, parameters: [] },
      { operation: 'GET /health/ready', replies: '200 503', admin: false, parameters: [] },
      { operation: 'GET /metrics', replies: '200 401 403 429', admin: true, parameters: [] },
      {
        operation: 'PATCH /api/contacts/{id}',
        replies: '200 400 401 403 404 412 415 429 503',
        admin: true,
        parameters: ['path:id', 'header:If-Match'],
      },
      {
        operation: 'PATCH /api/quotes/{id}',
        replies: '200 400 401 403 404 412 415 429 503',
        admin: true,
        parameters: ['path:id', 'header:If-Match'],
      },
      { operation: 'POST /api/contacts', replies: write, admin: false, parameters: ['header:Idempotency-Key'] },
      { operation: 'POST /api/quotes', replies: write, admin: false, parameters: ['header:Idempotency-Key'] },
      // A TMS's events (docs/requirements.md §12.13): its integration's token, or a signed post.
      { operation: 'POST /api/shipment-events', replies: events, admin: true, parameters: [] },
      {
        operation: 'POST /api/shipment-events/{integration}',
        replies: events,
        admin: false,
        parameters: ['path:integration', 'header:webhook-id', 'header:webhook-timestamp', 'header:webhook-signature'],
      },
    ]);
  });

  it('is an OpenAPI 3.1 document of every call, /health and /metrics', async () => {
    const { app } = createTestApp();
    const res = await request(app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      openapi: '3.1.0',
      info: { title: expect.any(String), version: expect.any(String) },
    });
    expect(Object.keys(res.body.paths).sort()).toEqual([
      '/api/contacts',
      '/api/contacts.csv',
      '/api/contacts/{id}',
      '/api/openapi.json',
      '/api/quotes',
      '/api/quotes.csv',
      '/api/quotes/{id}',
      '/api/shipment-events',
      '/api/shipment-events/{integration}',
      '/api/subjects',
      '/health',
      '/health/ready',
      '/metrics',
    ]);
    expect(Object.keys(res.body.paths['/api/contacts']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(res.body.paths['/api/quotes']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(res.body.paths['/api/subjects']).sort()).toEqual(['delete', 'get']);
  });

  it('describes the subject requests behind the token, with the e-mail required, and the signed webhook', async () => {
    const { app } = createTestApp();
    const { paths, webhooks } = (await request(app).get('/api/openapi.json')).body;
    for (const method of ['get', 'delete']) {
      expect(paths['/api/subjects'][method].security).toEqual([{ adminToken: [] }]);
      expect(paths['/api/subjects'][method].parameters).toEqual([
        {
          name: 'email',
          in: 'query',
          required: true,
          schema: expect.objectContaining({ type: 'string', maxLength: 254 }),
        },
      ]);
    }
    expect(paths['/api/contacts.csv'].get.responses[200].content).toHaveProperty('text/csv');
    for (const name of ['leadCreated', 'subjectErased'])
      expect(webhooks[name].post.parameters.map((header: { name: string }) => header.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
  });

  it('gives an example of each webhook body, which the schema of its type accepts', async () => {
    const { app } = createTestApp();
    const { webhooks } = (await request(app).get('/api/openapi.json')).body;
    const examples = (name: string) =>
      Object.keys(webhooks[name].post.requestBody.content['application/json'].examples);
    expect([
      ...examples('leadCreated'),
      ...examples('leadUpdated'),
      ...examples('subjectErased'),
      ...examples('quoteAccepted'),
    ]).toEqual(Object.keys(webhookEvents));
    for (const [type, schema] of Object.entries(webhookEvents))
      expect(schema.parse(webhookExamples[type as keyof typeof webhookEvents])).toMatchObject({ type });
  });

  it('takes the field rules from the zod schemas the server validates with', async () => {
    const { app } = createTestApp();
    const { schemas } = (await request(app).get('/api/openapi.json')).body.components;
    expect(schemas.ContactInput.properties.name).toMatchObject({ type: 'string', maxLength: 120 });
    expect(schemas.ContactInput.required).toEqual(['name', 'email', 'message']);
    expect(schemas.QuoteInput.properties.weightTons).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 45,
      multipleOf: 0.001,
    });
    expect(schemas.QuoteInput.properties.origin.properties.state.enum).toHaveLength(27);
    expect(schemas.QuoteInput.properties.notes.maxLength).toBe(2000);
    expect(schemas.Quote.properties.status).toEqual({
      type: 'string',
      enum: ['new', 'contacted', 'proposal', 'won', 'lost', 'not_sales'],
    });
    expect(schemas.QuoteInput).not.toHaveProperty('$schema');
  });

  it('marks the reads as needing the Bearer token and documents the page parameters', async () => {
    const { app } = createTestApp();
    const { paths, components } = (await request(app).get('/api/openapi.json')).body;
    expect(components.securitySchemes.adminToken).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(paths['/api/quotes'].get.security).toEqual([{ adminToken: [] }]);
    expect(paths['/api/quotes'].post).not.toHaveProperty('security');
    expect(paths['/api/contacts'].get.parameters).toEqual([
      {
        name: 'page',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 }),
      },
      {
        name: 'limit',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 100, default: 10 }),
      },
    ]);
  });

  it('describes a stored lead with exactly the keys the API answers with, in their order', async () => {
    const { app } = createTestApp({ adminToken: ADMIN_TOKEN });
    await request(app)
      .post('/api/contacts')
      .send({ ...sampleContact, phone: '(91) 3222-1100', company: 'Bebidas do Norte' })
      .expect(201);
    const quote = (await request(app).post('/api/quotes').send(fullQuote).expect(201)).body.data;
    const [contact] = (await request(app).get('/api/contacts').set('Authorization', bearer)).body.data;

    const { schemas } = (await request(app).get('/api/openapi.json')).body.components;

    for (const [schema, record] of [
      [schemas.Contact, contact],
      [schemas.Quote, quote],
    ]) {
      // Every key answered is documented, in the same order; every key documented as required is answered.
      expect(Object.keys(schema.properties).filter((key) => key in record)).toEqual(Object.keys(record));
      expect(schema.required.filter((key: string) => !(key in record))).toEqual([]);
    }
  });

  it('documents the public health checks as a status alone', async () => {
    const { app } = createTestApp();
    const { paths } = (await request(app).get('/api/openapi.json')).body;

    for (const path of ['/health', '/health/ready'])
      for (const status of [200, 503])
        expect(Object.keys(paths[path].get.responses[status].content['application/json'].schema.properties)).toEqual([
          'status',
        ]);
  });

  it('points every $ref at a schema it defines', async () => {
    const { app } = createTestApp();
    const document = (await request(app).get('/api/openapi.json')).body;
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map(
      (match) => match[1],
    );
    expect(refs.length).toBeGreaterThan(0);
    for (const name of refs) expect(document.components.schemas).toHaveProperty(name!);
  });
});
