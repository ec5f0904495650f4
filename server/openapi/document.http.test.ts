import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';

describe('GET /api/openapi.json', () => {
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
      '/api/openapi.json',
      '/api/quotes',
      '/api/quotes.csv',
      '/api/quotes/{id}',
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
    expect(webhooks.leadCreated.post.parameters.map((header: { name: string }) => header.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
  });

  it('takes the field rules from the zod schemas the server validates with', async () => {
    const { app } = createTestApp();
    const { schemas } = (await request(app).get('/api/openapi.json')).body.components;
    expect(schemas.ContactInput.properties.name).toMatchObject({ type: 'string', maxLength: 120 });
    expect(schemas.ContactInput.required).toEqual(['name', 'email', 'message']);
    expect(schemas.QuoteInput.properties.weightTons).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: 45 });
    expect(schemas.QuoteInput.properties.origin.properties.state.enum).toHaveLength(27);
    expect(schemas.QuoteInput.properties.notes.maxLength).toBe(2000);
    expect(schemas.Quote.properties.status).toMatchObject({ const: 'pending' });
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
        schema: expect.objectContaining({ type: 'integer', minimum: 1, default: 1 }),
      },
      {
        name: 'limit',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 100, default: 10 }),
      },
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
