import { unaccented } from './words';

// A clearly commercial freight request (docs/decisions/045-spam-fairness.md): the message
// names at least two of a route, a quantity with its unit, a CNPJ and the trade's own words. A pitch
// that mentions "frete" or "carretas" names one; a customer asking for a price names two or more.
// Its words may then rescue it from a link or a shortener, never from a hard signal (judge.ts).

/**
 * "Santos x Manaus", "Porto Alegre → Cuiabá", "de Lages/SC para Campo Grande", "saindo de Chapecó",
 * "origem", "destino".
 */
const ROUTE =
  /\p{Lu}[\p{L}]+(?:\/[A-Z]{2})?\s*(?:→|->|\bx\b|–)\s*\p{Lu}|\bde\s+\p{Lu}[^.!?\n]{0,40}?\b(?:para|até|ao?)\s+(?:o\s+)?\p{Lu}|\bsaindo de\s+\p{Lu}|\b(?:origem|destino)\b/u;

/** A load with its unit: "28 t", "24 toneladas", "22 pallets", "40 m³", "500 sacas", "2 contêineres". */
const QUANTITY =
  /\b\d+(?:[.,]\d+)?\s*(?:t|ton|toneladas?|kg|quilos|pal[el]+ets?|paletes?|m³|m3|sacas?|caixas|volumes?|carretas?|cont[eê]ineres?|containers?|bobinas?|fardos?|big bags?)(?![\p{L}\d])/iu;

const CNPJ = /\b\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}\b/;

/** The trade's words, unaccented: what a shipper writes and a pitch rarely needs together with the rest. */
const TRADE =
  /\b(?:frete|fretes|carga|cargas|cotacao|cotar|carreta|bitrem|graneleir\w*|sider|prancha|bau|frigorific\w*|coleta|embarque|mudanca|transportar|transporte)\b/;

/** Which of the four a message names; a clear request names two or more (judge.ts). */
export function freightMarks(message: string) {
  const marks: string[] = [];
  if (ROUTE.test(message)) marks.push('rota');
  if (QUANTITY.test(message)) marks.push('quantidade');
  if (CNPJ.test(message)) marks.push('CNPJ');
  if (TRADE.test(unaccented(message.toLowerCase()))) marks.push('termos de frete');
  return marks;
}
