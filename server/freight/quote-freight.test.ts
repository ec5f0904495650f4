import { describe, expect, it } from 'vitest';
import { newTableLike } from '../../test/support/antt';
import { tempDir } from '../../test/support/app';
import { backendsForThisFile, quietLogger } from '../../test/support/backends';
import { validQuote } from '../../test/support/leads';
import { openRepository } from '../composition/repository';
import { loadConfig } from '../process/config';
import { ACTS_SOURCE, repositoryActs, seedRepositoryActs } from './acts';
import { DETOUR_FACTOR, greatCircleKm } from './distance';
import { ibgePlaces } from './places';
import { type FreightQuote, type QuoteFloor, quoteFreight, quotesFreight } from './quote-freight';

const MEMBER = { kind: 'member', id: '00000000-0000-4000-8000-000000000001', email: 'admin@example.com' } as const;
const BY_ADMIN = { actor: MEMBER, ip: '203.0.113.9' };
const SUROC_22 = { id: 'portaria-suroc-22-2026', name: 'Portaria SUROC nº 22/2026', effectiveFrom: '2026-09-30' };
const [SAO_PAULO, MANAUS] = ['3550308', '1302603'];

/** A quote as stored, received at noon in São Paulo on `date` unless said otherwise. */
const quote = (overrides: Partial<FreightQuote> = {}): FreightQuote => ({
  origin: { city: 'São Paulo', state: 'SP' },
  destination: { city: 'Manaus', state: 'AM' },
  cargoType: 'carga_geral',
  vehicle: '45t',
  createdAt: '2026-11-28T15:00:00.000Z',
  ...overrides,
});

describe.each(backendsForThisFile())('A quote’s freight on $name', (backend) => {
  const seeded = async () => {
    const repository = await backend.fresh();
    await seedRepositoryActs(repository.freight);
    return repository;
  };

  it('reads the lane, barge leg apart, and prices the road km alone under the act in force', async () => {
    const repository = await seeded();
    await repository.freight.setLane({ origin: SAO_PAULO, destination: MANAUS, roadKm: 3050, bargeKm: 880 }, BY_ADMIN);

    // 3.050 km × 9,4114 + 903,32 = 28.704,77 + 903,32 (carga geral, 9 axles: the 45 t class).
    expect(await quoteFreight(repository, quote())).toEqual({
      date: '2026-11-28',
      distance: { km: 3930, roadKm: 3050, bargeKm: 880, source: 'lane' },
      floor: {
        kind: 'priced',
        cents: 2_960_809,
        act: SUROC_22,
        ccd: '9.4114',
        cc: '903.32',
        km: 3050,
        cargoType: 'carga_geral',
        axles: 9,
      },
    });
  });

  it('estimates a pair missing from the lane table, by great circle × detour, and prices the estimate', async () => {
    const repository = await seeded();
    const places = ibgePlaces();
    const [rio, belem] = [places.placeOf('3304557')!, places.placeOf('1501402')!];
    const km = Math.ceil(greatCircleKm(rio, belem) * DETOUR_FACTOR);

    const freight = await quoteFreight(repository, {
      ...quote({ vehicle: '28t' }),
      origin: { city: 'rio de janeiro', state: 'RJ' },
      destination: { city: 'Belem', state: 'PA' },
    });

    expect(freight.distance).toEqual({ km, roadKm: km, source: 'estimate' });
    // Carga geral on 6 axles, the 28 t class: 7,5347 R$/km and 671,93 R$; km × 75.347 ten-thousandths is exact.
    expect(freight.floor).toMatchObject({
      kind: 'priced',
      km,
      axles: 6,
      cents: Math.ceil((km * 75_347) / 100) + 67_193,
    });
  });

  it('reads a stored quote as the repository gives it back', async () => {
    const repository = await seeded();
    const { record } = await repository.quotes.createQuote(
      validQuote({
        name: 'Ana',
        email: 'ana@example.com',
        origin: 'São Paulo/SP',
        destination: 'Manaus/AM',
        cargoType: 'frigorificada',
        vehicle: '45t',
        weightTons: 30,
      }),
    );
    const freight = await quoteFreight(repository, record);
    expect(freight.distance?.source).toBe('estimate');
    expect(freight.floor).toMatchObject({ kind: 'priced', act: SUROC_22, ccd: '11.1479', cc: '1067.06', axles: 9 });
  });

  it('says a cell the act leaves blank is blank, rather than reading a neighbour', async () => {
    const repository = await seeded();
    const input = newTableLike(repositoryActs()[3]!);
    input.cells.carga_geral!['9'] = null;
    expect(await repository.freight.addAnttTable(input, BY_ADMIN)).toMatchObject({ outcome: 'added' });

    const after = await quoteFreight(repository, quote({ createdAt: '2027-02-01T15:00:00.000Z' }));
    const before = await quoteFreight(repository, quote({ createdAt: '2027-01-19T15:00:00.000Z' }));

    expect(after.floor).toEqual<QuoteFloor>({
      kind: 'blank',
      act: { id: input.id, name: input.name, effectiveFrom: '2027-01-20' },
      cargoType: 'carga_geral',
      axles: 9,
    });
    expect(after.distance).toMatchObject({ source: 'estimate' });
    // An older quote keeps the table in force on its date.
    expect(before.floor).toMatchObject({ kind: 'priced', act: SUROC_22 });
  });

  it.each([
    ['2026-05-04T15:00:00.000Z', 'portaria-suroc-3-2026'],
    // 23:00 on 29/09 in São Paulo, 02:00 on 30/09 in UTC: the day before SUROC 22/2026.
    ['2026-09-30T02:00:00.000Z', 'res-antt-6084-2026'],
  ])('says the act in force on %s does not have the cell transcribed', async (createdAt, id) => {
    const repository = await seeded();
    const freight = await quoteFreight(repository, quote({ createdAt }));
    expect(freight.floor).toMatchObject({ kind: 'not_transcribed', act: { id }, axles: 9 });
  });

  it('finds no act before the first one known', async () => {
    const repository = await seeded();
    const freight = await quoteFreight(repository, quote({ createdAt: '2026-01-10T15:00:00.000Z' }));
    expect(freight).toMatchObject({ date: '2026-01-10', floor: { kind: 'none', date: '2026-01-10' } });
  });

  it('says what an old API client’s quote lacks: an ANTT cargo type, a vehicle, an IBGE municipality', async () => {
    const repository = await seeded();
    const { vehicle: _, ...noVehicle } = quote({ cargoType: 'bebidas' });
    const nowhere = quote({ destination: { city: 'Atlântida', state: 'AM' } });

    expect((await quoteFreight(repository, noVehicle)).floor).toEqual({
      kind: 'unknown',
      missing: ['cargo_type', 'vehicle'],
    });
    expect(await quoteFreight(repository, nowhere)).toEqual({
      date: '2026-11-28',
      floor: { kind: 'unknown', missing: ['distance'] },
    });
  });

  it('prices a page of quotes as one by one, reading the tables and the lanes once', async () => {
    const repository = await seeded();
    await repository.freight.setLane({ origin: SAO_PAULO, destination: MANAUS, roadKm: 3050, bargeKm: 880 }, BY_ADMIN);
    const quotes = [
      quote(),
      quote({ origin: { city: 'Manaus', state: 'AM' }, destination: { city: 'São Paulo', state: 'SP' } }),
      quote({ createdAt: '2026-01-10T15:00:00.000Z' }),
      quote({ destination: { city: 'Macapá', state: 'AP' }, vehicle: '28t' }),
    ];
    const one = await Promise.all(quotes.map((each) => quoteFreight(repository, each)));
    expect(await quotesFreight(repository, quotes)).toEqual(one);
    expect(one[1]!.distance).toMatchObject({ source: 'lane', bargeKm: 880 });
  });

  it('seeds the acts once when two replicas start together', async () => {
    const first = await backend.fresh();
    const second = await backend.another();

    const [a, b] = await Promise.all([seedRepositoryActs(first.freight), seedRepositoryActs(second.freight)]);

    const ids = repositoryActs().map((act) => act.id);
    expect([...a.added, ...b.added].sort()).toEqual([...ids].sort());
    expect((await first.freight.anttTables()).map((table) => [table.id, table.provenance])).toEqual(
      ids.map((id) => [id, ACTS_SOURCE]),
    );
    const lines = (await first.audit.readAudit({ limit: 50 })).filter((line) => line.action === 'antt.table.added');
    expect(lines.map((line) => line.subject).sort()).toEqual([...ids].sort());
  });
});

describe('The start', () => {
  it('opens the repository with its acts seeded, and adds none again on a restart', async () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    const first = await openRepository(config, quietLogger);
    const tables = await first.freight.anttTables();
    await first.close();
    const again = await openRepository(config, quietLogger);
    try {
      expect(tables.map((table) => table.id)).toEqual(repositoryActs().map((act) => act.id));
      expect(await again.freight.anttTables()).toEqual(tables);
    } finally {
      await again.close();
    }
  });
});
