// A quote's choices with their names as people read them: the quote's definition validates with them
// (shared/quote.ts) and the form lists them (client/islands/QuoteForm.tsx). No dependency, so the
// form's bundle carries these lists and not the validator.

/**
 * The five industries the page serves (the areas section): a quote's segment. Before the quote form
 * (docs/requirements.md §4.5) they were the quote's `cargoType`, which an old client still sends
 * (docs/decisions/043-quote-form.md).
 */
export const SEGMENT_LABELS = {
  bebidas: 'Bebidas',
  alimentos: 'Alimentos',
  quimicos: 'Químicos',
  industrial: 'Industrial',
  tecnologia: 'Tecnologia',
} as const;

/** One load, or the same load again and again: how often. */
export const FREQUENCY_LABELS = {
  avulsa: 'Uma vez (avulsa)',
  semanal: 'Toda semana',
  quinzenal: 'A cada 15 dias',
  mensal: 'Todo mês',
} as const;
