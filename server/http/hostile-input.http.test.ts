import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contactInputSchema } from '../../shared/contact';
import { HONEYPOT_FIELD } from '../../shared/contact-form';
import { createTestApp } from '../../test/support/app';
import { fullQuote, sampleQuote, serverQuoteValidator } from '../../test/support/leads';

// Property-based: random and hostile bodies never break the API, and only valid ones are kept.

/**
 * Characters that disguise text or that no person types: controls, bidirectional ones, invisible
 * ones, tags, noncharacters, private-use ones; and beside them what people do type with invisible
 * parts (emoji sequences, a subdivision flag, Persian and Devanagari with their joiners).
 */
const trickyUnit = fc.constantFrom(
  ...['a', 'Z', ' ', 'é', 'e\u0301', 'C\u0327', '👩', '💻', '\u200D', '\uFE0F', '\u200B', '\u2060', '\u3164', '\u00AD'],
  ...['\u202E', '\u202D', '\u2066', '\u2069', '\u200E', '\u061C', '\u0000', '\u0085', '\u009B', '\u2028', '\u2029'],
  ...['\n', '\r', '\r\n', '\t', '\u000B', '\u00A0', '\uFEFF', '\uD800', '=?utf-8?B?', '?='],
  ...['\u{E0041}', '\u{E0067}', '\u{E007F}', '🏴', '\uFFFF', '\uFDD0', '\u{1FFFE}', '\uE000', '\uF8FF', '\u{F0041}'],
  ...['\u200C', '\u2064', '\u206A', '\uFFF9', '\u180E', 'ی', 'خ', 'क', '्', 'ष'],
);
/** A flag of a subdivision (Scotland's): the one place tag characters belong. */
const SCOTLAND = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: trickyUnit, maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ minLength: 4000, maxLength: 7000 }),
  fc.constantFrom(
    '',
    '   ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    "Robert'); DROP TABLE contacts;--",
    '<script>alert("x")</script>',
    '__proto__',
    'ana@empresa.com.br',
    'José da Silva 🚚',
    '+55 (11) 91234-5678',
    `Ana ${SCOTLAND}`,
    'Ana 👩‍💻',
    'A\u200Bna',
    'Ana\u{E0041}\u{E0042}',
    'می\u200Cخواهم',
  ),
);
const hostileValue = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);
const plausible = (values: string[]) => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...values) }, hostileValue);
const contactLike = fc.record(
  {
    name: plausible(['Ana', '  José da Silva 🚚  ', 'Ñandú & Cia <b>', "O'Brien"]),
    email: plausible(['ana@empresa.com.br', ' joao@transporte.com ']),
    phone: plausible(['', '+55 (11) 91234-5678', '11 3333.4444']),
    company: plausible(['', 'Bebidas do Norte Ltda.', '"; DELETE FROM contacts; --']),
    message: plausible(['Olá', 'Carga de 28 t\nSão Paulo → Manaus', '<img src=x onerror=alert(1)>']),
    [HONEYPOT_FIELD]: fc.oneof(fc.constantFrom('', '   ', null, 'http://spam.example'), hostileValue),
    isAdmin: fc.boolean(),
  },
  { requiredKeys: [] },
);
/** Prototype keys written into the JSON text itself, as an attacker would send them. */
const withPrototypeKeys = (json: string) =>
  json === '{}'
    ? '{"__proto__":{"isAdmin":true}}'
    : `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}},${json.slice(1)}`;
const jsonBody = fc.oneof(
  { weight: 6, arbitrary: contactLike.map((body) => JSON.stringify(body)) },
  { weight: 2, arbitrary: contactLike.map((body) => withPrototypeKeys(JSON.stringify(body))) },
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.integer({ min: 1, max: 5000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 1, max: 3000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.string(),
);
const otherType = fc.constantFrom(
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'text/html',
);

/** The honeypot's rule (docs/requirements.md §10.9): any value but an empty or blank string, or null. */
const isHoneypot = (body: unknown) => {
  const trap = (body as Record<string, unknown> | null)?.[HONEYPOT_FIELD];
  return trap !== undefined && trap !== null && !(typeof trap === 'string' && trap.trim() === '');
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const VISIBLE = /[^\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** Zero-width spaces and joiners of words, noncharacters, private-use characters, tags. */
const HIDDEN = /[\u200b\u2060\ufeff\p{Noncharacter_Code_Point}\p{Co}\u{e0000}-\u{e007f}]/u;
/** A letter or mark of a script that joins (Devanagari's virama, Persian…), where a joiner has its use. */
const JOINING = String.raw`[[\p{L}\p{M}]--[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]]`;
/** A joiner beside a Latin letter with nothing on its other side that joins: "A\u200dna", which hides. */
const JOINER_IN_LATIN = new RegExp(
  String.raw`(?<!${JOINING})[\u200c\u200d]\p{Script=Latin}|\p{Script=Latin}[\u200c\u200d](?!${JOINING})`,
  'v',
);

/**
 * What any stored text must be, whatever was sent: NFC, something visible, no control but the
 * message's and the notes' LF, nothing hidden (but a subdivision flag's tags), no joiner beside a Latin letter.
 */
function expectClean(stored: Record<string, unknown>) {
  for (const [field, value] of Object.entries(stored)) {
    if (field === 'id' || field === 'createdAt') continue;
    const text = String(value);
    expect(text.normalize('NFC'), field).toBe(text);
    expect(text.isWellFormed(), field).toBe(true);
    expect(VISIBLE.test(text), field).toBe(true);
    const multiline = field === 'message' || field === 'notes';
    expect(CONTROL.test(multiline ? text.replaceAll('\n', '') : text), field).toBe(false);
    expect(HIDDEN.test(text.replaceAll(SCOTLAND, '')), field).toBe(false);
    expect(JOINER_IN_LATIN.test(text), field).toBe(false);
  }
}

/** Posts raw JSON text; whatever it is, the reply is never a 5xx and always JSON. */
async function postJson(app: Parameters<typeof request>[0], path: string, text: string) {
  const res = await request(app).post(path).set('Content-Type', 'application/json').send(text);
  expect(res.status).toBeLessThan(500);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { res, parsed };
}

// Each property makes up to a few hundred real requests: the timeout is a budget that holds on a
// shared, loaded machine, not a check of speed (the benchmarks measure that).
describe('POST /api/contacts under hostile input', { timeout: 30_000 }, () => {
  it('never fails with 5xx, rejects with JSON, and stores exactly the valid bodies byte for byte', async () => {
    const { app, repository } = createTestApp();
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(jsonBody, async (text) => {
        const { res, parsed } = await postJson(app, '/api/contacts', text);
        const valid = contactInputSchema.safeParse(parsed);
        const kept = valid.success && !isHoneypot(parsed) && Buffer.byteLength(text) <= 16 * 1024;
        if (res.status >= 400)
          expect(res.body).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
        if (!kept) {
          expect((await repository.contacts.listContacts(1, 1)).total).toBe(stored);
          return;
        }
        expect(res.status).toBe(201);
        const expected = Object.fromEntries(Object.entries(valid.data).filter(([, value]) => value !== undefined));
        const [newest] = (await repository.contacts.listContacts(1, 1)).items;
        if (newest?.id !== res.body.data.id) {
          // Random text often looks like spam (keys struck at random, another script): such a post
          // is held in the Suspeitos folder (docs/requirements.md §10.9), kept byte for byte all the same.
          const held = (await repository.suspects.listSuspects('suspect', 1000)).find(
            ({ id }) => id === res.body.data.id,
          );
          expect(held?.fields).toEqual(expected);
          expectClean(held!.fields);
          return;
        }
        stored += 1;
        expect(newest).toEqual({
          ...expected,
          id: res.body.data.id,
          status: 'new',
          createdAt: res.body.data.createdAt,
        });
        expectClean(newest!);
      }),
      { numRuns: 400 },
    );
    // The generator must reach the storing branch, or the property says nothing about it.
    expect(stored).toBeGreaterThan(0);
    expect((await request(app).get('/health')).status).toBe(200);
  });

  it('answers any other content type with a JSON 4xx and stores nothing', async () => {
    const { app, repository } = createTestApp();
    await fc.assert(
      fc.asyncProperty(otherType, fc.string({ maxLength: 2000 }), async (type, body) => {
        const res = await request(app).post('/api/contacts').set('Content-Type', type).send(body);
        expect([400, 413, 415]).toContain(res.status);
        expect(res.body).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
      }),
      { numRuns: 100 },
    );
    expect((await repository.contacts.listContacts(1, 1)).total).toBe(0);
  });

  it('answers random form posts with the page or a redirect, never 5xx', async () => {
    const { app } = createTestApp();
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('name', 'email', 'phone', 'company', 'message', '__proto__', 'x'), hostileString),
        async (fields) => {
          const res = await request(app)
            .post('/api/contacts')
            .type('form')
            .send(new URLSearchParams(fields).toString());
          expect([303, 400, 413]).toContain(res.status);
        },
      ),
      { numRuns: 100 },
    );
  });
});

const place = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(sampleQuote.origin, sampleQuote.destination, { city: ' Manaus ', state: 'AM' }),
  },
  hostileValue,
  fc.record({ city: hostileValue, state: hostileValue }),
);
const quoteLike = fc.record(
  {
    name: plausible(['Carlos Lima', '  Zé 🚚 ']),
    email: plausible(['carlos@empresa.com.br']),
    origin: place,
    destination: place,
    cargoType: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('bebidas', 'quimicos', 'tecnologia') }, hostileValue),
    weightTons: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(27.5, 45, 0.1, 0.001, 27.125) },
      fc.double(),
      // Within the range, mostly with more decimals than a kilogram's, subnormals among them.
      fc.double({ min: 0, max: 46, noNaN: true }),
      fc.constantFrom(5e-324, Number.MIN_VALUE, 1e-7, 0.0005, 27.1234, 44.9999, 45.0001, -0),
      hostileValue,
    ),
    vehicle: fc.oneof(fc.constantFrom('28t', '45t'), hostileValue),
    pickupDate: fc.oneof(fc.constantFrom('2099-12-31', '2000-01-01', '2099-02-30'), hostileValue),
    notes: plausible(['Carga paletizada\nDescarga com doca.', '<script>alert(1)</script>']),
  },
  // Missing required fields come from the other generators (random JSON, contact-shaped bodies).
  { requiredKeys: ['name', 'email', 'origin', 'destination', 'cargoType', 'weightTons'] },
);

describe('POST /api/quotes under hostile input', { timeout: 30_000 }, () => {
  const quoteValidator = serverQuoteValidator();
  it('never fails with 5xx, rejects with JSON, and stores exactly the valid bodies', async () => {
    const { app, repository } = createTestApp();
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 5, arbitrary: quoteLike.map((body) => JSON.stringify(body)) },
          // Few random quotes pass every rule; these make sure the storing branch is always reached.
          fc.constantFrom(sampleQuote, fullQuote).map((body) => JSON.stringify(body)),
          jsonBody,
        ),
        async (text) => {
          const { res, parsed } = await postJson(app, '/api/quotes', text);
          // The server's own rules: the shape, then each place an IBGE municipality, two different ones.
          const valid = quoteValidator.safeParse(parsed);
          if (!valid.success || Buffer.byteLength(text) > 16 * 1024) {
            expect(res.body).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
            expect((await repository.quotes.listQuotes(1, 1)).total).toBe(stored);
            return;
          }
          expect(res.status).toBe(201);
          stored += 1;
          expect(await repository.quotes.getQuote(res.body.data.id)).toEqual(res.body.data);
          // A weight in tonnes to the kilogram, from 1 kg to 45 t.
          const grams = res.body.data.weightTons * 1000;
          expect(Math.abs(grams - Math.round(grams))).toBeLessThan(1e-6);
          expect(res.body.data.weightTons).toBeGreaterThanOrEqual(0.001);
          expect(res.body.data.weightTons).toBeLessThanOrEqual(45);
          expectClean({ notes: res.body.data.notes ?? 'x', city: res.body.data.origin.city });
        },
      ),
      { numRuns: 300 },
    );
    expect(stored).toBeGreaterThan(0);
  });
});
