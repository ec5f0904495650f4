import { CARGO_TYPES, type Distance, type FreightGap, type QuoteFloor } from './freight';
import { kmText, numberText } from './number-text';
import { readableDate } from './sao-paulo-time';

// A quote's distance and ANTT floor in words (docs/requirements.md §9.5), as the inbox and the
// lead's page show them (client/inbox/FreightFacts.tsx). Money from integer centavos, and the act's
// coefficients from their decimal text, never through a binary fraction.

/** A coefficient's decimal text with a comma: '1067.06' → '1.067,06', '9.4114' → '9,4114'. */
export const decimalText = (text: string) => {
  const [whole = '0', fraction] = text.split('.');
  return `${numberText(Number(whole))}${fraction ? `,${fraction}` : ''}`;
};

/** The distance's parts: the whole trip, whether it is an estimate, and its legs when a barge carries part of it. */
export function distanceParts(distance: Distance) {
  return {
    total: kmText(distance.km),
    estimate: distance.source === 'estimate',
    ...(distance.bargeKm && {
      legs: `${kmText(distance.roadKm)} de rodovia e ${kmText(distance.bargeKm)} de balsa`,
    }),
  };
}

/** Why a quote has no distance: a place the IBGE table does not have (an old API client's free text). */
export const NO_DISTANCE = 'não calculada: município fora da tabela do IBGE';

const GAPS: Record<FreightGap, string> = {
  distance: 'a distância',
  vehicle: 'o veículo',
  cargo_type: 'um tipo de carga da ANTT',
};

const joined = (parts: string[]) =>
  parts.length > 1 ? `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}` : (parts[0] ?? '');

const cell = (cargoType: keyof typeof CARGO_TYPES, axles: number) =>
  `${CARGO_TYPES[cargoType].toLowerCase()} com ${axles} eixos`;

/** An act as the page cites it: 'Portaria SUROC nº 22/2026, em vigor desde 30/09/2026'. */
export const actText = (act: { name: string; effectiveFrom: string }) =>
  `${act.name}, em vigor desde ${readableDate(act.effectiveFrom)}`;

/** Why a quote has no floor, in a sentence; undefined for a priced one. */
export function unpricedText(floor: QuoteFloor): string | undefined {
  switch (floor.kind) {
    case 'priced':
      return undefined;
    case 'blank':
      return `A tabela não fixa piso para ${cell(floor.cargoType, floor.axles)} (${floor.act.name}).`;
    case 'not_transcribed':
      return `O piso de ${cell(floor.cargoType, floor.axles)} na ${floor.act.name} não foi transcrito: confira o ato.`;
    case 'none':
      return `Nenhuma tabela da ANTT conhecida em vigor em ${readableDate(floor.date)}.`;
    case 'unknown':
      return `Sem piso: falta ${joined(floor.missing.map((gap) => GAPS[gap]))}.`;
  }
}

/** How a priced floor was reached: '3.050 km × R$ 9,4114 + R$ 903,32 (carga geral com 9 eixos)'. */
export const formulaText = (floor: Extract<QuoteFloor, { kind: 'priced' }>) =>
  `${kmText(floor.km)} × R$ ${decimalText(floor.ccd)} + R$ ${decimalText(floor.cc)} (${cell(floor.cargoType, floor.axles)})`;
