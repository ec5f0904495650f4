import { distances } from '../../freight/distance';
import { ibgePlaces } from '../../freight/places';
import type { FreightStore } from '../../freight/sql-store';
import { estimateDays, estimateText } from './estimate';

// The prazo's estimate for a lane named by its municipalities (docs/requirements.md §12.4): its
// distance as the freight module measures it (the admin's lane, or the great-circle estimate), then
// the driving-day model. Undefined for a place outside the IBGE table.

export async function laneEstimate(
  freight: Pick<FreightStore, 'laneBetween'>,
  origin: { city: string; state: string },
  destination: { city: string; state: string },
  on: string,
) {
  const places = ibgePlaces();
  const [from, to] = [places.placeNamed(origin), places.placeNamed(destination)];
  if (!from || !to || from.code === to.code) return undefined;
  const distance = await distances(freight.laneBetween, (code) => places.placeOf(code))(from.code, to.code);
  if (!distance) return undefined;
  const estimate = estimateDays(distance.roadKm, distance.bargeKm ?? 0, on);
  return { ...estimate, text: estimateText(estimate, distance.source === 'estimate') };
}
