import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { ADMIN_TOKEN, bearer, sampleContact } from '../../test/support/leads';
import { REFUSALS, type RefusalCode } from './refusals';

// Every failure reply carries its catalogued code beside the message (server/http/refusals.ts): a
// client branches on the code, a person reads the message. Each case reaches its refusal for real.

const QUOTE = '/api/quotes/7c9e6679-7425-40de-944b-e07fc1f8b1a5';
type Agent = ReturnType<typeof request>;
const json = (agent: Agent, path: string, body: string) =>
  agent.post(path).set('Content-Type', 'application/json').set('Sec-Fetch-Site', 'same-origin').send(body);

const CASES: Array<[RefusalCode, (agent: Agent) => request.Test]> = [
  ['MALFORMED_TARGET', (agent) => agent.get('/api/%zz')],
  ['INVALID_JSON', (agent) => json(agent, '/api/contacts', '{"name":')],
  ['INVALID_FIELDS', (agent) => json(agent, '/api/contacts', '{}')],
  [
    'INVALID_IDEMPOTENCY_KEY',
    (agent) => json(agent, '/api/contacts', JSON.stringify(sampleContact)).set('Idempotency-Key', 'é'),
  ],
  ['INVALID_PAGINATION', (agent) => agent.get('/api/contacts?page=0').set('Authorization', bearer)],
  ['INVALID_SUBJECT_EMAIL', (agent) => agent.get('/api/subjects?email=x').set('Authorization', bearer)],
  ['INVALID_QUOTE_ID', (agent) => agent.get('/api/quotes/42').set('Authorization', bearer)],
  ['UNAUTHORIZED', (agent) => agent.get('/api/contacts')],
  ['READS_DISABLED', (agent) => agent.get('/api/contacts').set('Authorization', bearer)],
  ['CROSS_SITE', (agent) => json(agent, '/api/contacts', '{}').set('Sec-Fetch-Site', 'cross-site')],
  ['NOT_FOUND', (agent) => agent.get('/api/nada')],
  ['QUOTE_NOT_FOUND', (agent) => agent.get(QUOTE).set('Authorization', bearer)],
  ['METHOD_NOT_ALLOWED', (agent) => agent.put('/api/contacts')],
  ['BODY_TOO_LARGE', (agent) => json(agent, '/api/contacts', `"${'a'.repeat(20_000)}"`)],
  ['BODY_NOT_ALLOWED', (agent) => agent.get('/api/contacts').set('Authorization', bearer).send('x')],
  [
    'UNSUPPORTED_MEDIA_TYPE',
    (agent) =>
      agent.post('/api/quotes').set('Content-Type', 'text/plain').set('Sec-Fetch-Site', 'same-origin').send('x'),
  ],
  [
    'UNSUPPORTED_CHARSET',
    (agent) => json(agent, '/api/contacts', '{}').set('Content-Type', 'application/json; charset=latin1'),
  ],
];

describe('the error catalogue', () => {
  it.each(CASES)('answers %s with its status, its code and its Portuguese message', async (code, send) => {
    const { app } = createTestApp({ adminToken: code === 'READS_DISABLED' ? undefined : ADMIN_TOKEN });
    const res = await send(request(app));
    const { status, message } = REFUSALS[code];
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, code });
    expect(res.body.message).toEqual(typeof message === 'string' ? message : expect.any(String));
  });

  it('names every code once, with a 4xx or 5xx status and a message in Portuguese', () => {
    for (const [code, { status, message }] of Object.entries(REFUSALS)) {
      expect(code).toMatch(/^[A-Z][A-Z_]+$/);
      expect(status).toBeGreaterThanOrEqual(400);
      const text = typeof message === 'string' ? message : message('X');
      // Every message ends as a sentence, and none is the library's English.
      expect(text).toMatch(/[.]$/);
      expect(text).not.toMatch(/\b(the|invalid|error|not found|request)\b/i);
    }
  });
});
