import { describe, expect, it } from 'vitest';
import { newTableLike } from '../../test/support/antt';
import { databasesForThisFile } from '../../test/support/databases';
import { sqlAudit } from '../audit/sql-store';
import type { Database } from '../db/database';
import { ACTS_SOURCE, repositoryActs } from './acts';
import { floorFor } from './floor';
import { sqlFreight } from './sql-store';

const MEMBER = { kind: 'member', id: '00000000-0000-4000-8000-000000000001', email: 'admin@example.com' } as const;
const BY_ADMIN = { actor: MEMBER, ip: '203.0.113.9' };
const TABLES = ['antt_coefficients', 'antt_tables', 'freight_lanes', 'audit_log'];
const [SAO_PAULO, MANAUS] = ['3550308', '1302603'];

const auditOf = async (db: Database) =>
  (await sqlAudit(db).readAudit({ limit: 10 })).map((line) => [line.action, line.actor, line.subject]);

describe.each(databasesForThisFile())('Freight store on $name', (backend) => {
  const seeded = async () => {
    const db = await backend.fresh(TABLES);
    const store = sqlFreight(db);
    await store.seedAnttTables(repositoryActs(), ACTS_SOURCE);
    return { db, store };
  };

  it("stores the repository's acts exactly as transcribed, oldest first, once however often seeded", async () => {
    const { store } = await seeded();
    const again = await store.seedAnttTables(repositoryActs(), ACTS_SOURCE);
    const tables = await store.anttTables();
    expect(again).toEqual({ added: [], completed: [], skipped: [] });
    expect(tables.map(({ id, name, effectiveFrom, cells }) => ({ id, name, effectiveFrom, cells }))).toEqual(
      repositoryActs(),
    );
    expect(tables[0]).toMatchObject({ provenance: ACTS_SOURCE, addedAt: expect.any(String) });
    expect(tables[0]).not.toHaveProperty('addedBy');
  });

  it('prices the worked example from what it stored', async () => {
    const { store } = await seeded();
    const floor = floorFor(
      { km: 3000, cargoType: 'carga_geral', axles: 5, date: '2026-11-28' },
      await store.anttTables(),
    );
    expect(floor).toMatchObject({ kind: 'priced', cents: 2_114_276 });
  });

  it('answers the act in force on a date, and none before the first', async () => {
    const { store } = await seeded();
    expect((await store.anttTableOn('2026-09-29'))?.id).toBe('res-antt-6084-2026');
    expect((await store.anttTableOn('2026-09-30'))?.id).toBe('portaria-suroc-22-2026');
    expect(await store.anttTableOn('2026-01-19')).toBeUndefined();
  });

  it('fills in cells not transcribed that the repository later gives, and never changes a known one', async () => {
    const { db, store } = await seeded();
    const later = repositoryActs();
    later[2]!.cells.carga_geral[5] = { kind: 'priced', ccd: '6.5000', cc: '657.56' };
    later[3]!.cells.carga_geral[5] = { kind: 'priced', ccd: '1.0000', cc: '1.00' };

    const result = await store.seedAnttTables(later, ACTS_SOURCE);

    const [, , res6084, suroc22] = await store.anttTables();
    expect(result).toEqual({ added: [], completed: ['res-antt-6084-2026'], skipped: [] });
    expect(res6084!.cells.carga_geral[5]).toEqual({ kind: 'priced', ccd: '6.5000', cc: '657.56' });
    expect(suroc22!.cells.carga_geral[5]).toEqual({ kind: 'priced', ccd: '6.8284', cc: '657.56' });
    expect((await auditOf(db))[0]).toEqual(['antt.table.completed', 'sistema', 'res-antt-6084-2026']);
  });

  it("adds an admin's act with its cells and an audit line, and prices later quotes with it, older ones not", async () => {
    const { db, store } = await seeded();
    const [, , , suroc22] = repositoryActs();
    const input = newTableLike(suroc22!);
    input.cells.carga_geral!['5'] = { ccd: '7.0000', cc: '700.00' };

    const result = await store.addAnttTable(input, BY_ADMIN);

    expect(result).toMatchObject({ outcome: 'added', table: { id: input.id, addedBy: MEMBER.id, provenance: 'DOU' } });
    const tables = await store.anttTables();
    const asked = { km: 1000, cargoType: 'carga_geral', axles: 5 } as const;
    expect(floorFor({ ...asked, date: '2027-01-20' }, tables)).toMatchObject({ cents: 770_000 });
    expect(floorFor({ ...asked, date: '2027-01-19' }, tables)).toMatchObject({ act: { id: 'portaria-suroc-22-2026' } });
    expect((await auditOf(db))[0]).toEqual(['antt.table.added', MEMBER.email, input.id]);
  });

  it('refuses an act already stored, or a second act on the same effective date, adding nothing', async () => {
    const { store } = await seeded();
    const [, , , suroc22] = repositoryActs();
    const sameId = newTableLike(suroc22!, { id: 'portaria-suroc-22-2026' });
    const sameDate = newTableLike(suroc22!, { effectiveFrom: '2026-09-30' });

    expect(await store.addAnttTable(sameId, BY_ADMIN)).toEqual({ outcome: 'duplicate_act' });
    expect(await store.addAnttTable(sameDate, BY_ADMIN)).toEqual({
      outcome: 'duplicate_date',
      actId: 'portaria-suroc-22-2026',
    });
    expect(await store.anttTables()).toHaveLength(4);
  });

  it('refuses an invalid act with every problem, storing none of it', async () => {
    const { db, store } = await seeded();
    const [, , , suroc22] = repositoryActs();
    const input = newTableLike(suroc22!, { provenance: ' ' });
    input.cells.neogranel!['9'] = { ccd: '9,4114', cc: '903.32' };

    expect(await store.addAnttTable(input, BY_ADMIN)).toEqual({
      outcome: 'invalid',
      problems: ['Neogranel, 9 eixos: o CCD deve ser um decimal positivo com até 4 casas.'],
    });
    expect(await store.addAnttTable(newTableLike(suroc22!, { provenance: ' ' }), BY_ADMIN)).toEqual({
      outcome: 'invalid',
      problems: ['Informe onde o ato foi publicado.'],
    });
    expect(await store.anttTables()).toHaveLength(4);
    expect((await auditOf(db)).filter(([action]) => action !== 'antt.table.added')).toEqual([]);
  });

  it('keeps a lane once, found either way, with its barge leg and who set it', async () => {
    const { db, store } = await seeded();
    const lane = { origin: SAO_PAULO, destination: MANAUS, roadKm: 3050, bargeKm: 880 };

    const result = await store.setLane(lane, BY_ADMIN);

    const expected = {
      places: [MANAUS, SAO_PAULO],
      roadKm: 3050,
      bargeKm: 880,
      setBy: MEMBER.id,
      setAt: expect.any(String),
    };
    expect(result).toEqual({ outcome: 'set', lane: expected });
    expect(await store.laneBetween(MANAUS, SAO_PAULO)).toEqual(expected);
    expect(await store.laneBetween(SAO_PAULO, MANAUS)).toEqual(expected);
    expect((await auditOf(db))[0]).toEqual(['freight.lane.set', MEMBER.email, `${MANAUS}–${SAO_PAULO}`]);
  });

  it('replaces a lane set again in the other direction, barge leg dropped', async () => {
    const { store } = await seeded();
    await store.setLane({ origin: SAO_PAULO, destination: MANAUS, roadKm: 3050, bargeKm: 880 }, BY_ADMIN);

    await store.setLane({ origin: MANAUS, destination: SAO_PAULO, roadKm: 3900 }, BY_ADMIN);

    expect(await store.lanes()).toEqual([expect.not.objectContaining({ bargeKm: expect.anything() })]);
    expect((await store.lanes())[0]).toMatchObject({ roadKm: 3900 });
  });

  it('removes a lane with an audit line, and says when there was none', async () => {
    const { db, store } = await seeded();
    await store.setLane({ origin: SAO_PAULO, destination: MANAUS, roadKm: 3050 }, BY_ADMIN);

    expect(await store.removeLane(SAO_PAULO, MANAUS, BY_ADMIN)).toBe(true);
    expect(await store.removeLane(MANAUS, SAO_PAULO, BY_ADMIN)).toBe(false);
    expect(await store.lanes()).toEqual([]);
    expect((await auditOf(db))[0]).toEqual(['freight.lane.removed', MEMBER.email, `${MANAUS}–${SAO_PAULO}`]);
  });

  it.each([
    [{ origin: '355030', destination: MANAUS, roadKm: 10 }, 'Informe a origem e o destino pelo código IBGE'],
    [{ origin: MANAUS, destination: MANAUS, roadKm: 10 }, 'A origem e o destino devem ser municípios diferentes.'],
    [{ origin: SAO_PAULO, destination: MANAUS, roadKm: 30500 }, 'Informe os km por rodovia como inteiro de 1 a 9999.'],
    [{ origin: SAO_PAULO, destination: MANAUS, roadKm: 3050, bargeKm: 0.5 }, 'Informe os km de balsa'],
  ])('refuses the lane %o', async (lane, message) => {
    const { store } = await seeded();
    expect(await store.setLane(lane, BY_ADMIN)).toEqual({
      outcome: 'invalid',
      problems: [expect.stringContaining(message)],
    });
    expect(await store.lanes()).toEqual([]);
  });
});
