import { describe, expect, it } from 'vitest';
import { distanceParts, formulaText, unpricedText } from './freight-text';

const SUROC_22 = { id: 'portaria-suroc-22-2026', name: 'Portaria SUROC nº 22/2026', effectiveFrom: '2026-09-30' };

describe('a quote’s freight in words', () => {
  it('writes the arithmetic with the act’s coefficients as printed, in Brazilian notation', () => {
    const floor = { kind: 'priced', cents: 0, act: SUROC_22, ccd: '11.1479', cc: '1067.06', km: 12_345 } as const;
    expect(formulaText({ ...floor, cargoType: 'frigorificada', axles: 9 })).toBe(
      '12.345 km × R$ 11,1479 + R$ 1.067,06 (frigorificada ou aquecida com 9 eixos)',
    );
  });

  it('gives the whole trip, says when it is an estimate, and the barge leg apart', () => {
    expect(distanceParts({ km: 3930, roadKm: 3050, bargeKm: 880, source: 'lane' })).toEqual({
      total: '3.930 km',
      estimate: false,
      legs: '3.050 km de rodovia e 880 km de balsa',
    });
    expect(distanceParts({ km: 850, roadKm: 850, source: 'estimate' })).toEqual({ total: '850 km', estimate: true });
  });

  it('says why there is no floor, naming the act and the cell', () => {
    const cell = { act: SUROC_22, cargoType: 'conteinerizada', axles: 2 } as const;
    expect(unpricedText({ kind: 'blank', ...cell })).toBe(
      'A tabela não fixa piso para conteinerizada com 2 eixos (Portaria SUROC nº 22/2026).',
    );
    expect(unpricedText({ kind: 'not_transcribed', ...cell })).toBe(
      'O piso de conteinerizada com 2 eixos na Portaria SUROC nº 22/2026 não foi transcrito: confira o ato.',
    );
    expect(unpricedText({ kind: 'none', date: '2026-01-10' })).toBe(
      'Nenhuma tabela da ANTT conhecida em vigor em 10/01/2026.',
    );
    expect(unpricedText({ kind: 'unknown', missing: ['distance', 'vehicle', 'cargo_type'] })).toBe(
      'Sem piso: falta a distância, o veículo e um tipo de carga da ANTT.',
    );
  });
});
