import type { Distance } from '../../shared/freight';

// A quote's distance (docs/requirements.md §9.5): the admin's lane when there is one, else a
// great-circle estimate times a detour factor, labelled as an estimate.

export type Coordinates = { latitude: number; longitude: number };

/**
 * The mean Earth radius R1 = (2a + b) / 3 of GRS 80, in km, as the IUGG recommends for a sphere
 * (Moritz, "Geodetic Reference System 1980", Journal of Geodesy 74 (2000), table of derived constants).
 */
const EARTH_RADIUS_KM = 6371.0088;

/**
 * Road distance ÷ great-circle distance, for a pair missing from the lane table. Brazil's road
 * circuity is commonly cited between 1.2 and 1.3; 1.3 is the upper end, since an estimate short of
 * the road undercuts the legal floor. Checked on known lanes in docs/decisions/042-antt-floor.md.
 */
export const DETOUR_FACTOR = 1.3;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The haversine distance between `a` and `b` on a sphere of the mean Earth radius, in km. */
export function greatCircleKm(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A lane as the admin keeps it: whole km by road, and the barge leg apart when the route needs one. */
export type LaneKm = { roadKm: number; bargeKm?: number };

/**
 * `distanceFor(origin, destination)` by IBGE municipality codes: the lane between them either way,
 * else the estimate, rounded up to the whole km (short of the road would undercut the floor).
 * Undefined when a municipality has no coordinates. `placeOf` is the IBGE table's lookup, passed
 * in so that this module does not own that data.
 */
export function distances(
  laneBetween: (a: string, b: string) => Promise<LaneKm | undefined>,
  placeOf: (code: string) => Coordinates | undefined,
) {
  return async function distanceFor(origin: string, destination: string): Promise<Distance | undefined> {
    const lane = await laneBetween(origin, destination);
    if (lane) {
      const barge = lane.bargeKm ? { bargeKm: lane.bargeKm } : {};
      return { km: lane.roadKm + (lane.bargeKm ?? 0), roadKm: lane.roadKm, ...barge, source: 'lane' };
    }
    const [from, to] = [placeOf(origin), placeOf(destination)];
    if (!from || !to) return undefined;
    const km = Math.ceil(greatCircleKm(from, to) * DETOUR_FACTOR);
    return { km, roadKm: km, source: 'estimate' };
  };
}
