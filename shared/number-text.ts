// Numbers as Brazil writes them, the one formatter every page, e-mail and message uses
// (docs/requirements.md §9.7): a point groups thousands, a comma marks decimals, reais come first
// ('R$ 150.000,00') and every other unit after ('27,5 t', '3.202 km'). Money is integer centavos
// throughout, never a binary fraction.

const grouped = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3, useGrouping: true });

/** A number with up to three decimals: 3202 → '3.202', 27.5 → '27,5'. */
export const numberText = (value: number) => grouped.format(value);

/** A number in `unit`, the unit after it: '27,5 t'. */
export const quantityText = (value: number, unit: string) => `${numberText(value)} ${unit}`;

/** Whole km: '3.202 km'. */
export const kmText = (km: number) => quantityText(km, 'km');

/** Integer centavos as they are typed in a price field: 2_960_809 → '29.608,09'. */
export function typedReais(cents: number) {
  const centavos = cents % 100;
  return `${numberText((cents - centavos) / 100)},${String(centavos).padStart(2, '0')}`;
}

/** Integer centavos as reais: 2_960_809 → 'R$ 29.608,09'. */
export const reaisText = (cents: number) => `R$ ${typedReais(cents)}`;

/** An amount in reais with at most two decimals (a quote's goods value): 150000 → 'R$ 150.000,00'. */
export const reaisOf = (reais: number) => reaisText(Math.round(reais * 100));
