import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databasesForThisFile } from '../../test/support/databases';
import { bytes, date, flag, instant, integer, json, optional, real, text, textAs } from './columns';
import { tableOf } from './table';

// Each codec reads what each driver really returns for its kind of column (docs/decisions/050-typed-rows.md).
const samples = tableOf('codec_samples', {
  id: text,
  kind: textAs<'a' | 'b'>(),
  note: optional(text),
  n: integer,
  big: integer,
  share: real,
  shown: flag,
  hidden: flag,
  at: instant,
  day: date,
  facts: json(z.object({ words: z.array(z.string()) })),
  file: bytes,
  missing_at: optional(instant),
});

describe.each(databasesForThisFile())('a table read through its codecs on $name', (backend) => {
  it('decodes every kind of column to the value the code reads, a NULL to an absent field', async () => {
    const db = await backend.fresh([]);
    const { types } = db.dialect;
    // A flag is a boolean on PostgreSQL and 0/1 on SQLite, as the migrations declare them.
    const [flagType, on, off] = types.uuid === 'uuid' ? ['boolean', 'true', 'false'] : ['INTEGER', '1', '0'];
    await db.run(
      `CREATE TABLE codec_samples (id ${types.uuid}, kind TEXT, note TEXT, n INTEGER, big BIGINT, share ${types.real},
         shown ${flagType}, hidden ${flagType}, at ${types.timestamp}, day ${types.date}, facts ${types.json},
         file ${types.bytes}, missing_at ${types.timestamp})`,
    );
    await db.run(`INSERT INTO codec_samples VALUES (?, ?, NULL, ?, ?, ?, ${on}, ${off}, ?, ?, ?, ?, NULL)`, [
      '3f0b1e9e-8a55-4c1e-9f7e-2b6c1d0a9e11',
      'b',
      7,
      9_007_199_254_740_991,
      0.25,
      '2026-11-28T12:34:56.789Z',
      '2026-12-02',
      JSON.stringify({ words: ['frete', 'carga'] }),
      new Uint8Array([0x25, 0x50, 0x44, 0x46]),
    ]);
    const row = await db.get(`SELECT ${samples.list()}, count(*) OVER () AS total FROM codec_samples`);

    const decoded = samples.with({ total: integer }).decode(row!);

    expect(decoded).toStrictEqual({
      id: '3f0b1e9e-8a55-4c1e-9f7e-2b6c1d0a9e11',
      kind: 'b',
      n: 7,
      big: 9_007_199_254_740_991,
      share: 0.25,
      shown: true,
      hidden: false,
      at: '2026-11-28T12:34:56.789Z',
      day: '2026-12-02',
      facts: { words: ['frete', 'carga'] },
      file: expect.any(Uint8Array),
      total: 1,
    });
    expect([...decoded.file]).toEqual([0x25, 0x50, 0x44, 0x46]);
    expect(decoded).not.toHaveProperty('note');
  });
});

describe('a table row', () => {
  const positions = tableOf('positions', { id: text, created_at: instant, closed_by: optional(text) });

  it('lists its columns for a SELECT, with a prefix for a join', () => {
    expect(positions.list()).toBe('id, created_at, closed_by');
    expect(positions.list('p.')).toBe('p.id, p.created_at, p.closed_by');
    expect(positions.pick('id').list()).toBe('id');
  });

  it('refuses a row whose column holds what its codec does not read, or lacks a column', () => {
    expect(() => positions.decode({ id: 7, created_at: '2026-11-28T00:00:00.000Z' })).toThrow();
    expect(() => positions.decode({ id: 'x' })).toThrow();
    expect(() => positions.decode({ id: 'x', created_at: 'amanhã' })).toThrow(/instante inválido/);
  });

  it('reads a count pg sends as text', () => {
    expect(tableOf('t', { n: integer }).decode({ n: '12' })).toEqual({ n: 12 });
    expect(() => tableOf('t', { n: integer }).decode({ n: '1.5' })).toThrow();
  });
});
