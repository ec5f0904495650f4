import { CARGO_TYPES, type CargoType, VEHICLE_CLASSES } from '../../shared/freight';
import type { Quote } from '../../shared/quote';
import { todayInSaoPaulo } from '../../shared/sao-paulo-time';
import type { Stores } from '../stores';
import { type Distance, distances, type LaneKm } from './distance';
import { floorFor } from './floor';
import { type FreightPlaces, ibgePlaces } from './places';
import type { AnttAct, AnttTable, Axles } from './tables';

// A stored quote's distance and ANTT floor (docs/requirements.md §9.5, docs/decisions/042-antt-floor.md):
// what the inbox and the lead page show, and what a proposal's price is checked against.

/** The quote's fields its freight is read from. */
export type FreightQuote = Pick<Quote, 'origin' | 'destination' | 'cargoType' | 'vehicle' | 'createdAt'>;

/** What is missing for a floor: the distance (a place not in the IBGE table), the vehicle, or an ANTT cargo type. */
type FreightGap = 'distance' | 'vehicle' | 'cargo_type';

/**
 * The floor of a quote, every amount in integer centavos:
 *
 * - 'priced': `cents` = roadKm × CCD + CC of `act`, rounded up to the centavo. The only kind with a
 *   floor; a price under `cents` is under the law.
 * - 'blank': `act` prices no such combination of cargo type and axles (a dash in its table). There
 *   is no floor to read, and none is ever taken from a neighbouring cell.
 * - 'not_transcribed': `act` may price it, but this repository does not hold the value
 *   (server/freight/acts/SOURCE.md); an admin adds the act whole to price it.
 * - 'none': no act known in force on `date`.
 * - 'unknown': the quote lacks what the floor is read at (`missing`): an old API client's quote may
 *   have no vehicle, an industry instead of a cargo type, or a place outside the IBGE table.
 *
 * Only 'priced' can refuse a price; what the others allow is the caller's rule.
 */
export type QuoteFloor =
  | {
      kind: 'priced';
      cents: number;
      act: AnttAct;
      /** The act's coefficients, as it prints them with a decimal point: '6.8284' R$/km, '657.56' R$. */
      ccd: string;
      cc: string;
      /** The road km the floor was read at (the barge leg is not road transport). */
      km: number;
      cargoType: CargoType;
      axles: Axles;
    }
  | { kind: 'blank' | 'not_transcribed'; act: AnttAct; cargoType: CargoType; axles: Axles }
  | { kind: 'none'; date: string }
  | { kind: 'unknown'; missing: FreightGap[] };

export type QuoteFreight = {
  /** The quote's date in São Paulo (YYYY-MM-DD): the act in force on it prices the quote. */
  date: string;
  /**
   * The trip: `km` the whole of it, `roadKm` and `bargeKm` its legs; `source` 'lane' (the admin's
   * table) or 'estimate' (great circle × DETOUR_FACTOR, to be shown as "estimativa"). Undefined when
   * a place is not an IBGE municipality.
   */
  distance?: Distance;
  floor: QuoteFloor;
};

export type FreightDeps = Pick<Stores, 'freight'> & {
  /** The IBGE places; the CSV's, read once, unless given. */
  places?: FreightPlaces;
};

const isCargoType = (value: string): value is CargoType => Object.hasOwn(CARGO_TYPES, value);

/** The freight of each quote, from tables and lanes read once; `laneBetween` by IBGE codes. */
function pricer(
  tables: readonly AnttTable[],
  laneBetween: (a: string, b: string) => Promise<LaneKm | undefined>,
  places: FreightPlaces,
) {
  const distanceFor = distances(laneBetween, (code) => places.placeOf(code));
  return async (quote: FreightQuote): Promise<QuoteFreight> => {
    const date = todayInSaoPaulo(new Date(quote.createdAt));
    const [from, to] = [places.placeNamed(quote.origin), places.placeNamed(quote.destination)];
    const distance = from && to && from.code !== to.code ? await distanceFor(from.code, to.code) : undefined;
    const withDistance = distance ? { distance } : {};
    const { cargoType, vehicle } = quote;
    const missing: FreightGap[] = [];
    if (!isCargoType(cargoType)) missing.push('cargo_type');
    if (!vehicle) missing.push('vehicle');
    if (!isCargoType(cargoType) || !vehicle) {
      // Without a cell to read, the act in force still says whether there is any table at all.
      const none = floorFor({ km: 0, cargoType: 'carga_geral', axles: 5, date }, tables);
      if (none.kind === 'no_table') return { date, ...withDistance, floor: { kind: 'none', date } };
      if (!distance) missing.unshift('distance');
      return { date, ...withDistance, floor: { kind: 'unknown', missing } };
    }
    const axles = VEHICLE_CLASSES[vehicle].axles;
    const floor = floorFor({ km: distance?.roadKm ?? 0, cargoType, axles, date }, tables);
    if (floor.kind === 'no_table') return { date, ...withDistance, floor: { kind: 'none', date } };
    if (floor.kind === 'unpriced') {
      const kind = floor.reason === 'act_has_no_cell' ? 'blank' : 'not_transcribed';
      return { date, ...withDistance, floor: { kind, act: floor.act, cargoType, axles } };
    }
    if (!distance) return { date, floor: { kind: 'unknown', missing: ['distance'] } };
    return { date, distance, floor: { ...floor, cargoType, axles } };
  };
}

/** One quote's distance and floor: its lane looked up alone. */
export async function quoteFreight(deps: FreightDeps, quote: FreightQuote): Promise<QuoteFreight> {
  const { freight, places = ibgePlaces() } = deps;
  return pricer(await freight.anttTables(), (a, b) => freight.laneBetween(a, b), places)(quote);
}

/** Many quotes' (a page of the inbox), in their order: the tables and the lanes read once for all. */
export async function quotesFreight(deps: FreightDeps, quotes: readonly FreightQuote[]): Promise<QuoteFreight[]> {
  if (!quotes.length) return [];
  const { freight, places = ibgePlaces() } = deps;
  const [tables, lanes] = await Promise.all([freight.anttTables(), freight.lanes()]);
  const byPair = new Map(lanes.map((lane) => [lane.places.join('-'), lane]));
  const laneBetween = async (a: string, b: string) => byPair.get(a < b ? `${a}-${b}` : `${b}-${a}`);
  const price = pricer(tables, laneBetween, places);
  return Promise.all(quotes.map(price));
}
