import { CARGO_TYPES, type CargoType, type FreightGap, type QuoteFreight, VEHICLE_CLASSES } from '../../shared/freight';
import type { Quote } from '../../shared/quote';
import { todayInSaoPaulo } from '../../shared/sao-paulo-time';
import type { Stores } from '../stores';
import { distances, type LaneKm } from './distance';
import { floorFor } from './floor';
import { type FreightPlaces, ibgePlaces } from './places';
import type { AnttTable } from './tables';

// A stored quote's distance and ANTT floor (docs/requirements.md §9.5, docs/decisions/042-antt-floor.md):
// what the inbox and the lead page show, and what a proposal's price is checked against.

/**
 * The result's type, documented where both sides read it: shared/freight.ts (QuoteFreight, QuoteFloor).
 */
export type { QuoteFloor, QuoteFreight } from '../../shared/freight';

/** The quote's fields its freight is read from. */
export type FreightQuote = Pick<Quote, 'origin' | 'destination' | 'cargoType' | 'vehicle' | 'createdAt'>;

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
