import { z } from 'zod';
import { cnpjCharacters } from '../../shared/cnpj';
import type { Place } from '../../shared/lead';
import { type MunicipalityIndex, resolveMunicipality } from '../../shared/municipalities';
import { isSegment, type QuoteFields, quoteInputSchema } from '../../shared/quote';

// What POST /api/quotes checks beyond the body's shape (docs/requirements.md §5.4): its places are
// IBGE municipalities, written as IBGE writes them, and two different ones; and what it stores of
// the first API's body (docs/decisions/043-quote-form.md).

const PLACE_NAMES = { origin: 'origem', destination: 'destino' } as const;

/** The municipality a place names, as IBGE writes it; undefined after an issue on its city. */
function resolved<P extends Place>(
  places: MunicipalityIndex,
  key: keyof typeof PLACE_NAMES,
  given: P,
  ctx: z.RefinementCtx,
) {
  const resolution = resolveMunicipality(places, given.city, given.state);
  // Found within the UF given: only the name's accents and case may change.
  if (resolution.kind === 'found') return { ...given, city: resolution.municipality.name };
  ctx.addIssue({
    code: 'custom',
    path: [key, 'city'],
    message: `Não encontramos o município de ${PLACE_NAMES[key]} “${given.city}” em ${given.state}: confira o nome e a UF.`,
  });
  return undefined;
}

/**
 * The validator of a quote: the shape (shared/quote.ts), then each place resolved against the IBGE
 * list, origin and destination different, the CNPJ kept as its 14 characters, and an industry sent
 * as `cargoType` (the first API) also taken as the segment.
 */
export function quoteValidator(places: MunicipalityIndex) {
  return quoteInputSchema.transform((quote, ctx): QuoteFields => {
    const origin = resolved(places, 'origin', quote.origin, ctx);
    const destination = resolved(places, 'destination', quote.destination, ctx);
    if (origin && destination && origin.city === destination.city && origin.state === destination.state) {
      ctx.addIssue({
        code: 'custom',
        path: ['destination', 'city'],
        message: 'O destino deve ser outro município que não a origem.',
      });
    }
    if (!origin || !destination) return z.NEVER;
    const segment = quote.segment ?? (isSegment(quote.cargoType) ? quote.cargoType : undefined);
    return {
      ...quote,
      origin,
      destination,
      ...(quote.cnpj !== undefined && { cnpj: cnpjCharacters(quote.cnpj) }),
      ...(segment !== undefined && { segment }),
    };
  });
}
