// Exact decimal arithmetic for the floor (docs/decisions/042-antt-floor.md, "Rounding"): the act's
// coefficients are decimals (CCD to 4 places, CC to 2), so they are held as integers of their
// smallest printed unit and never pass through a binary fraction.

/** Places of a CCD (R$/km) and of a CC (R$), as the acts print them. */
export const CCD_PLACES = 4;
export const CC_PLACES = 2;

/**
 * `text` ('6.8284', '657.56') as an integer of 10^-places units, or undefined unless it is a
 * positive decimal with a point and at most `places` decimals. No thousands separators: in '1.067'
 * a point could be either, and a coefficient read 1000 times too small is worse than a refusal.
 */
export function parseDecimal(text: string, places: number): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text);
  if (!match || (match[2]?.length ?? 0) > places) return undefined;
  const units = Number(match[1]) * 10 ** places + Number((match[2] ?? '').padEnd(places, '0'));
  return units > 0 ? units : undefined;
}

/** `units` of 10^-places as the decimal text parseDecimal reads back ('6.8284'). */
export function formatDecimal(units: number, places: number): string {
  const scale = 10 ** places;
  return `${Math.floor(units / scale)}.${String(units % scale).padStart(places, '0')}`;
}

/**
 * `tenThousandths` of a real up to the next whole centavo. The floor is a minimum (Lei 13.703/2018,
 * art. 5): a freight rounded down would sit under it by a fraction of a centavo, and the real has
 * no smaller unit than the centavo to pay that fraction in. Integers stay exact below 2^53.
 */
export function centsRoundedUp(tenThousandths: number): number {
  if (!Number.isSafeInteger(tenThousandths) || tenThousandths < 0) throw new RangeError(`${tenThousandths}`);
  // % and the division of an exact multiple are exact on integers; x / 100 alone may round.
  const remainder = tenThousandths % 100;
  return (tenThousandths - remainder) / 100 + (remainder > 0 ? 1 : 0);
}
