import { use } from 'react';
import { quotePage } from '../../shared/content';
import { Island, IslandStatesContext } from '../components/Island';
import QuoteIsland from '../islands/QuoteIsland';
import { MunicipalitiesUrlContext } from '../islands/quote-data';
import { QuoteFrame } from './QuoteFrame';

/**
 * /cotacao, the quote form (docs/requirements.md §2.1, §4.5): every "Solicitar cotação" leads here.
 * The form posts without JavaScript; its island wakes on the first sign of use and adds the
 * municipality search. Its stylesheet comes with the page (QuoteFrame), so the form is laid out
 * before any script runs.
 */
export function QuotePage() {
  const state = use(IslandStatesContext).quote ?? {};
  const municipalitiesUrl = use(MunicipalitiesUrlContext) ?? '';
  return (
    <QuoteFrame>
      <h1>{quotePage.heading}</h1>
      <p className="quote-page__lead">{quotePage.lead}</p>
      <div className="quote-page__card">
        <Island name="quote" component={QuoteIsland} props={{ ...state, municipalitiesUrl }} />
      </div>
    </QuoteFrame>
  );
}
