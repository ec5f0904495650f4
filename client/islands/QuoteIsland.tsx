import type { QuoteFormState } from '../../shared/quote-form';
import { QuoteForm } from './QuoteForm';
import { municipalitiesFrom } from './quote-data';

/** The quote form's island (/cotacao): what the server rendered it with, and where the municipalities are. */
export default function QuoteIsland({
  municipalitiesUrl = '',
  ...state
}: QuoteFormState & { municipalitiesUrl?: string }) {
  return <QuoteForm {...state} municipalities={municipalitiesFrom(municipalitiesUrl)} />;
}
