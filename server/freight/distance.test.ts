import { describe, expect, it } from 'vitest';
import { type Coordinates, DETOUR_FACTOR, distances, greatCircleKm, type LaneKm } from './distance';

// Municipal seats as the IBGE table gives them (kelvins/municipios-brasileiros, MIT, as
// datasets/ibge/ ships it), by IBGE code.
const SEATS: Record<string, Coordinates> = {
  '3550308': { latitude: -23.5329, longitude: -46.6395 }, // São Paulo
  '3304557': { latitude: -22.9129, longitude: -43.2003 }, // Rio de Janeiro
  '1501402': { latitude: -1.4554, longitude: -48.4898 }, // Belém
  '1302603': { latitude: -3.11866, longitude: -60.0212 }, // Manaus
};
const [SAO_PAULO, RIO, BELEM, MANAUS] = ['3550308', '3304557', '1501402', '1302603'];
const placeOf = (code: string) => SEATS[code];

describe('the great-circle distance', () => {
  it('is a quarter of the mean meridian circle from the equator to a pole', () => {
    expect(greatCircleKm({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo(10_007.557, 3);
  });

  it('is the same either way, and zero from a place to itself', () => {
    const there = greatCircleKm(SEATS[SAO_PAULO]!, SEATS[BELEM]!);
    expect(greatCircleKm(SEATS[BELEM]!, SEATS[SAO_PAULO]!)).toBe(there);
    expect(greatCircleKm(SEATS[BELEM]!, SEATS[BELEM]!)).toBe(0);
  });
});

// The check of docs/decisions/042-antt-floor.md: the estimate against known road distances.
describe('the detour factor', () => {
  it.each([
    { lane: 'São Paulo–Belém', a: SAO_PAULO, b: BELEM, road: 2900 },
    { lane: 'Rio de Janeiro–Belém', a: RIO, b: BELEM, road: 3200 },
  ])('estimates $lane within 12% of its $road km of road, and not short of it by more than 1%', ({ a, b, road }) => {
    const estimate = greatCircleKm(SEATS[a]!, SEATS[b]!) * DETOUR_FACTOR;
    expect(Math.abs(estimate - road) / road).toBeLessThan(0.12);
    expect(estimate).toBeGreaterThan(road * 0.99);
  });
});

describe('a quote distance', () => {
  const lanes = new Map<string, LaneKm>([
    [`${BELEM}-${SAO_PAULO}`, { roadKm: 2930 }],
    [`${MANAUS}-${SAO_PAULO}`, { roadKm: 3050, bargeKm: 880 }],
  ]);
  // As the store finds a lane: the pair in code order, whichever was asked first.
  const laneBetween = async (a: string, b: string) => lanes.get(a < b ? `${a}-${b}` : `${b}-${a}`);
  const distanceFor = distances(laneBetween, placeOf);

  it("is the admin's lane, asked either way", async () => {
    expect(await distanceFor(SAO_PAULO, BELEM)).toEqual({ km: 2930, roadKm: 2930, source: 'lane' });
    expect(await distanceFor(BELEM, SAO_PAULO)).toEqual({ km: 2930, roadKm: 2930, source: 'lane' });
  });

  it('shows the barge leg apart from the road, and both in the whole', async () => {
    expect(await distanceFor(SAO_PAULO, MANAUS)).toEqual({ km: 3930, roadKm: 3050, bargeKm: 880, source: 'lane' });
  });

  it('is an estimate in whole km rounded up for a pair missing from the lane table', async () => {
    const estimate = Math.ceil(greatCircleKm(SEATS[RIO]!, SEATS[BELEM]!) * DETOUR_FACTOR);
    expect(await distanceFor(RIO, BELEM)).toEqual({ km: estimate, roadKm: estimate, source: 'estimate' });
  });

  it('is unknown for a municipality without coordinates', async () => {
    expect(await distanceFor(RIO, '9999999')).toBeUndefined();
  });
});
