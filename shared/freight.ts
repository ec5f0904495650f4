// The ANTT floor's vocabulary, shared because the quote form lists it (docs/requirements.md §9.5):
// the cargo types of Tabela A and the fleet's vehicle classes with the axles the floor is read at.

/**
 * The cargo types of the ANTT's Tabela A (carga lotação), as a form lists them: carga geral first,
 * the commonest; then the act's own order. The keys are stable: they are stored with each
 * coefficient and each quote, so a label may be reworded but a key never changes.
 */
export const CARGO_TYPES = {
  carga_geral: 'Carga geral',
  granel_solido: 'Granel sólido',
  granel_liquido: 'Granel líquido',
  frigorificada: 'Frigorificada ou aquecida',
  conteinerizada: 'Conteinerizada',
  neogranel: 'Neogranel',
  perigosa_granel_solido: 'Perigosa (granel sólido)',
  perigosa_granel_liquido: 'Perigosa (granel líquido)',
  perigosa_frigorificada: 'Perigosa (frigorificada ou aquecida)',
  perigosa_conteinerizada: 'Perigosa (conteinerizada)',
  perigosa_carga_geral: 'Perigosa (carga geral)',
  granel_pressurizado: 'Granel pressurizado',
} as const;

export type CargoType = keyof typeof CARGO_TYPES;

/** Tabela A's columns: the loaded axles of the combination (suspended ones count, since Res. ANTT 6.076/2026). */
export const AXLE_COUNTS = [2, 3, 4, 5, 6, 7, 9] as const;

/**
 * The fleet's two classes (shared/content.ts, "Frota"), keyed as quotes store them (shared/quote.ts),
 * each with the axle count its floor is read at. The ANTT prices by axles, not by tons, so each
 * class is the smallest combination whose legal gross weight carries its payload, by the Lei da
 * Balança's limits (Res. Contran 882/2021, art. 6: steer axle 6 t, tandem duplo 17 t, tandem
 * triplo 25,5 t; combinations of more than two units above 57 t run under an AET, art. 18), less a
 * typical tare (docs/decisions/042-antt-floor.md):
 *
 * - '28t', "Carreta — 28 t", a tractor and one semi-trailer. Cavalo 4x2 + semirreboque de 3 eixos
 *   (5 eixos): PBTC 6 + 10 + 25,5 = 41,5 t, tare about 15 t, payload about 26,5 t: short of 28 t.
 *   Cavalo 6x2 + semirreboque de 3 eixos (6 eixos): PBTC 6 + 17 + 25,5 = 48,5 t, tare about
 *   17 t, payload about 31,5 t: carries 28 t. So 6 axles.
 * - '45t', "Carreta de alta capacidade — 45 t, dois semirreboques". Bitrem de 7 eixos (cavalo 6x4
 *   + two 2-axle semi-trailers): PBTC 6 + 17 + 17 + 17 = 57 t, tare about 20 t, payload about
 *   37 t: short of 45 t. Bitrem de 9 eixos (cavalo 6x4 + two 3-axle semi-trailers): PBTC 74 t
 *   under an AET, tare about 26 t, payload about 48 t: carries 45 t. So 9 axles.
 */
export const VEHICLE_CLASSES = {
  '28t': { capacityTons: 28, axles: 6, label: 'Carreta — 28 t' },
  '45t': { capacityTons: 45, axles: 9, label: 'Carreta de alta capacidade — 45 t' },
} as const satisfies Record<string, { capacityTons: number; axles: (typeof AXLE_COUNTS)[number]; label: string }>;

// A quote's distance and floor, as server/freight/quote-freight.ts reads them and the workplace
// shows them (client/inbox/FreightFacts.tsx): data only, every amount in integer centavos.

/** Tabela A's axle columns. */
export type Axles = (typeof AXLE_COUNTS)[number];

/** An act of the ANTT that sets a Tabela A: a stable id, its name as it names itself, when it came into force. */
export type AnttAct = { id: string; name: string; effectiveFrom: string };

/**
 * A trip's distance in whole km: `km` the whole of it, `roadKm` its road and `bargeKm` its barge leg
 * (the ANTT floor is read at `roadKm` alone: docs/decisions/042-antt-floor.md, "The barge leg").
 * `source` 'lane' is the admin's lane table; 'estimate' a great circle × the detour factor, shown
 * as "estimativa".
 */
export type Distance = { km: number; roadKm: number; bargeKm?: number; source: 'lane' | 'estimate' };

/** What a quote lacks for a floor: the distance (a place outside the IBGE table), the vehicle, an ANTT cargo type. */
export type FreightGap = 'distance' | 'vehicle' | 'cargo_type';

/**
 * The ANTT floor of a quote:
 *
 * - 'priced': `cents` = `km` × CCD + CC of `act`, rounded up to the centavo. The only kind with a
 *   floor: a price under `cents` is under the law.
 * - 'blank': `act` prices no such combination of cargo type and axles (a dash in its table). There
 *   is no floor to read, and none is ever taken from a neighbouring cell.
 * - 'not_transcribed': `act` may price it, but this repository does not hold the value
 *   (server/freight/acts/SOURCE.md); an admin adds the act whole to price it.
 * - 'none': no act known in force on `date`.
 * - 'unknown': the quote lacks what the floor is read at (`missing`): an old API client's quote may
 *   have no vehicle, an industry instead of a cargo type, or a place outside the IBGE table.
 *
 * What the kinds other than 'priced' allow a price is the caller's rule.
 */
export type QuoteFloor =
  | {
      kind: 'priced';
      cents: number;
      act: AnttAct;
      /** The act's coefficients, as it prints them with a decimal point: '6.8284' R$/km, '657.56' R$. */
      ccd: string;
      cc: string;
      /** The road km the floor was read at. */
      km: number;
      cargoType: CargoType;
      axles: Axles;
    }
  | { kind: 'blank' | 'not_transcribed'; act: AnttAct; cargoType: CargoType; axles: Axles }
  | { kind: 'none'; date: string }
  | { kind: 'unknown'; missing: FreightGap[] };

/** A stored quote's distance and ANTT floor. */
export type QuoteFreight = {
  /** The quote's date in São Paulo (YYYY-MM-DD): the act in force on it prices the quote. */
  date: string;
  /** Undefined when a place is not an IBGE municipality. */
  distance?: Distance;
  floor: QuoteFloor;
};
