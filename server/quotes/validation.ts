import { z } from 'zod';
import { cnpjCharacters, formatCnpj } from '../../shared/cnpj';
import { type MunicipalityIndex, resolveMunicipality } from '../../shared/municipalities';
import { fitsTheVehicle, isSegment, parsed, type QuoteFields, quoteFields, quoteShape } from '../../shared/quote';

// What POST /api/quotes checks beyond the body's shape (docs/requirements.md §5.4): its places are
// IBGE municipalities, written as IBGE writes them, and two different ones; and what it stores of
// the first API's body (docs/decisions/043-quote-form.md).

const PLACE_NAMES = { origin: 'origem', destination: 'destino' } as const;

/** A place of the quote, resolved against the IBGE list: its name as IBGE writes it, or an issue on its city. */
const resolvedPlace = (places: MunicipalityIndex, key: keyof typeof PLACE_NAMES) =>
  quoteFields[key].schema.transform((given, ctx) => {
    const resolution = resolveMunicipality(places, given.city, given.state);
    // Found within the UF given: only the name's accents and case may change.
    if (resolution.kind === 'found') return { ...given, city: resolution.municipality.name };
    ctx.addIssue({
      code: 'custom',
      path: ['city'],
      message: `Não encontramos o município de ${PLACE_NAMES[key]} “${given.city}” em ${given.state}: confira o nome e a UF.`,
    });
    return z.NEVER;
  });

/**
 * The validator of a quote: the shape (shared/quote.ts) with each place resolved against the IBGE
 * list, every field's error at once, origin and destination different; then the CNPJ written as the
 * Receita writes it, and an industry sent as `cargoType` (the first API) also taken as the segment.
 */
export function quoteValidator(places: MunicipalityIndex) {
  return quoteShape
    .extend({ origin: resolvedPlace(places, 'origin'), destination: resolvedPlace(places, 'destination') })
    .refine(...fitsTheVehicle)
    .refine(({ origin, destination }) => origin.city !== destination.city || origin.state !== destination.state, {
      path: ['destination', 'city'],
      message: 'O destino deve ser outro município que não a origem.',
      when: parsed('origin', 'destination'),
    })
    .transform((quote): QuoteFields => {
      const segment = quote.segment ?? (isSegment(quote.cargoType) ? quote.cargoType : undefined);
      return {
        ...quote,
        // Written as the Receita writes it: read by people, and text to a spreadsheet (a numeric one
        // without punctuation would lose its leading zeros to a number cell).
        ...(quote.cnpj !== undefined && { cnpj: formatCnpj(cnpjCharacters(quote.cnpj)) }),
        ...(segment !== undefined && { segment }),
      };
    });
}
