import { describe, expect, it } from 'vitest';
import type { PositionInput } from '../../shared/positions';
import { databasesForThisFile } from '../../test/support/databases';
import { appendAudit, sqlAudit } from '../audit/sql-store';
import type { Database } from '../db/database';
import { sqlPositions } from './sql-store';

const ADMIN = { kind: 'member', id: '00000000-0000-4000-8000-000000000001', email: 'admin@example.com' } as const;
const OTHER_ADMIN = { kind: 'member', id: '00000000-0000-4000-8000-000000000002', email: 'outra@example.com' } as const;
const BY = { actor: ADMIN, ip: '203.0.113.9' };
const TABLES = ['positions', 'audit_log'];

const DRIVER: PositionInput = {
  title: 'Motorista carreteiro',
  city: 'Belém',
  uf: 'PA',
  kind: 'motorista',
  requirements: 'CNH categoria E\nMOPP\nExame toxicológico em dia',
};
const CLERK: PositionInput = {
  title: 'Assistente administrativo',
  city: 'Manaus',
  uf: 'AM',
  kind: 'administrativo',
  requirements: 'Ensino médio completo',
};

const auditOf = async (db: Database) =>
  (await sqlAudit(db).readAudit({ limit: 10 })).map((line) => [line.action, line.actor, line.subject]);

describe.each(databasesForThisFile())('Position store on $name', (backend) => {
  const fresh = async () => {
    const db = await backend.fresh(TABLES);
    return { db, positions: sqlPositions(db, { append: appendAudit }) };
  };

  it('publishes a position that reads back whole, open, with who created it, and an audit line', async () => {
    const { db, positions } = await fresh();

    const created = await positions.create(DRIVER, BY);

    expect(created).toEqual({
      ...DRIVER,
      id: expect.any(String),
      open: true,
      createdAt: expect.any(String),
      createdBy: ADMIN.id,
      updatedAt: created.createdAt,
      updatedBy: ADMIN.id,
    });
    expect(await positions.get(created.id)).toEqual(created);
    expect(await auditOf(db)).toEqual([['position.created', ADMIN.email, created.id]]);
  });

  it('lists the open positions in the order they were published, with nothing of who manages them', async () => {
    const { positions } = await fresh();
    const driver = await positions.create(DRIVER, BY);
    const clerk = await positions.create(CLERK, BY);

    expect(await positions.listOpen()).toEqual([
      { id: driver.id, ...DRIVER },
      { id: clerk.id, ...CLERK },
    ]);
  });

  it('edits a position, keeping who created it and naming who changed it', async () => {
    const { db, positions } = await fresh();
    const created = await positions.create(DRIVER, BY);

    const edited = await positions.update(created.id, { ...DRIVER, city: 'Marabá' }, { actor: OTHER_ADMIN });

    expect(edited).toEqual({
      outcome: 'done',
      position: { ...created, city: 'Marabá', updatedAt: expect.any(String), updatedBy: OTHER_ADMIN.id },
    });
    expect((await positions.listOpen())[0]?.city).toBe('Marabá');
    expect((await auditOf(db))[0]).toEqual(['position.updated', OTHER_ADMIN.email, created.id]);
  });

  it('closes a position: it leaves the open list, and the full list shows it closed, after the open ones', async () => {
    const { db, positions } = await fresh();
    const driver = await positions.create(DRIVER, BY);
    const clerk = await positions.create(CLERK, BY);

    const closed = await positions.close(driver.id, { actor: OTHER_ADMIN });

    expect(closed).toMatchObject({
      outcome: 'done',
      position: { id: driver.id, open: false, closedAt: expect.any(String), closedBy: OTHER_ADMIN.id },
    });
    expect((await positions.listOpen()).map(({ id }) => id)).toEqual([clerk.id]);
    expect((await positions.listAll()).map(({ id, open }) => [id, open])).toEqual([
      [clerk.id, true],
      [driver.id, false],
    ]);
    expect((await auditOf(db))[0]).toEqual(['position.closed', OTHER_ADMIN.email, driver.id]);
  });

  it('closes a position once: a second close changes nothing and writes no line', async () => {
    const { db, positions } = await fresh();
    const driver = await positions.create(DRIVER, BY);
    const first = await positions.close(driver.id, BY);

    expect(await positions.close(driver.id, BY)).toEqual({ outcome: 'missing' });
    expect(await positions.get(driver.id)).toEqual(first.outcome === 'done' && first.position);
    expect((await auditOf(db)).map(([action]) => action)).toEqual(['position.closed', 'position.created']);
  });

  it('keeps a closed position closed when it is edited', async () => {
    const { positions } = await fresh();
    const driver = await positions.create(DRIVER, BY);
    await positions.close(driver.id, BY);

    const edited = await positions.update(driver.id, { ...DRIVER, title: 'Motorista de bitrem' }, BY);

    expect(edited).toMatchObject({ outcome: 'done', position: { title: 'Motorista de bitrem', open: false } });
    expect(await positions.listOpen()).toEqual([]);
  });

  it('finds no position for an unknown id or one that is no id at all', async () => {
    const { positions } = await fresh();
    const unknown = '00000000-0000-4000-8000-00000000beef';

    expect(await positions.get(unknown)).toBeUndefined();
    expect(await positions.get('../1')).toBeUndefined();
    expect(await positions.update('não-é-id', DRIVER, BY)).toEqual({ outcome: 'missing' });
    expect(await positions.close(unknown, BY)).toEqual({ outcome: 'missing' });
  });
});
