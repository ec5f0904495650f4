import { describe, expect, it } from 'vitest';
import { repositoryActs } from './acts';
import { floorFor } from './floor';

const tables = repositoryActs();
const ON_SUROC_22 = '2026-11-28';

// Pinned against the acts as transcribed (server/freight/acts/SOURCE.md): docs/requirements.md §9.5.
describe('the ANTT floor', () => {
  it('is 3.000 km × 6,8284 + 657,56 = R$ 21.142,76 for carga geral on 5 axles under SUROC 22/2026', () => {
    const floor = floorFor({ km: 3000, cargoType: 'carga_geral', axles: 5, date: ON_SUROC_22 }, tables);
    expect(floor).toEqual({
      kind: 'priced',
      cents: 2_114_276,
      act: { id: 'portaria-suroc-22-2026', name: 'Portaria SUROC nº 22/2026', effectiveFrom: '2026-09-30' },
      ccd: '6.8284',
      cc: '657.56',
      km: 3000,
    });
  });

  it('rounds a fraction of a centavo up, never down: 1.001 km × 9,4114 + 903,32 on 9 axles is R$ 10.324,14', () => {
    // 10.324,1314 exactly: half-up or truncation would say 10.324,13, under the floor.
    const floor = floorFor({ km: 1001, cargoType: 'carga_geral', axles: 9, date: ON_SUROC_22 }, tables);
    expect(floor).toMatchObject({ kind: 'priced', cents: 1_032_414, ccd: '9.4114', cc: '903.32' });
  });

  it('reads the cell of its own cargo type and axles: perigosa frigorificada on 9 axles', () => {
    // 2.500 × 11,8192 + 1.197,43 = 29.548 + 1.197,43.
    const floor = floorFor({ km: 2500, cargoType: 'perigosa_frigorificada', axles: 9, date: ON_SUROC_22 }, tables);
    expect(floor).toMatchObject({ kind: 'priced', cents: 3_074_543 });
  });

  it('charges the CC alone for no distance', () => {
    const floor = floorFor({ km: 0, cargoType: 'neogranel', axles: 2, date: ON_SUROC_22 }, tables);
    expect(floor).toMatchObject({ kind: 'priced', cents: 45_184 });
  });

  it.each([
    ['conteinerizada', 2],
    ['granel_pressurizado', 7],
  ] as const)('says the act prices no %s on %i axles, instead of borrowing a neighbour', (cargoType, axles) => {
    const floor = floorFor({ km: 100, cargoType, axles, date: ON_SUROC_22 }, tables);
    expect(floor).toEqual({
      kind: 'unpriced',
      act: expect.objectContaining({ id: 'portaria-suroc-22-2026' }),
      reason: 'act_has_no_cell',
    });
  });

  it('uses the act in force on the quote date: Res. 6.076/2026 before the later acts', () => {
    // 3.000 × 6,1604 + 635,08.
    const floor = floorFor({ km: 3000, cargoType: 'carga_geral', axles: 5, date: '2026-03-12' }, tables);
    expect(floor).toMatchObject({ kind: 'priced', cents: 1_911_628, act: { id: 'res-antt-6076-2026' } });
  });

  it.each([
    ['2026-03-13', 'portaria-suroc-3-2026', 5],
    ['2026-09-29', 'res-antt-6084-2026', 5],
    ['2026-02-01', 'res-antt-6076-2026', 2],
  ] as const)(
    'on %s says %s is not transcribed for carga geral on %i axles, rather than use another act',
    (date, id, axles) => {
      const floor = floorFor({ km: 3000, cargoType: 'carga_geral', axles, date }, tables);
      expect(floor).toEqual({ kind: 'unpriced', act: expect.objectContaining({ id }), reason: 'not_transcribed' });
    },
  );

  it('starts SUROC 22/2026 on its effective date', () => {
    const floor = floorFor({ km: 1, cargoType: 'carga_geral', axles: 5, date: '2026-09-30' }, tables);
    expect(floor).toMatchObject({ kind: 'priced', act: { id: 'portaria-suroc-22-2026' } });
  });

  it('finds no table before the first act known', () => {
    const floor = floorFor({ km: 3000, cargoType: 'carga_geral', axles: 5, date: '2026-01-19' }, tables);
    expect(floor).toEqual({ kind: 'no_table', date: '2026-01-19' });
  });

  it('refuses a distance that is not whole kilometres', () => {
    expect(() => floorFor({ km: 10.5, cargoType: 'carga_geral', axles: 5, date: ON_SUROC_22 }, tables)).toThrow(
      RangeError,
    );
  });
});
