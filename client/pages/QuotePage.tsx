import { use } from 'react';
import { quotePage, skipLink } from '../../shared/content';
import { Island, IslandStatesContext, IslandStylesheetsContext } from '../components/Island';
import { Logo } from '../components/Logo';
import QuoteIsland from '../islands/QuoteIsland';
import { MunicipalitiesUrlContext } from '../islands/quote-data';

/**
 * /cotacao, the quote form (docs/requirements.md §2.1, §4.5): every "Solicitar cotação" leads here.
 * The form posts without JavaScript; its island wakes on the first sign of use and adds the
 * municipality search. Its stylesheet is this page's alone, linked (React hoists it into the head),
 * so the landing page carries none of it and the form is laid out before any script runs.
 */
export function QuotePage() {
  const state = use(IslandStatesContext).quote ?? {};
  const stylesheet = use(IslandStylesheetsContext).quote;
  const municipalitiesUrl = use(MunicipalitiesUrlContext) ?? '';
  return (
    <>
      {stylesheet && <link rel="stylesheet" href={stylesheet} precedence="default" />}
      <a className="skip-link" href={skipLink.href}>
        {skipLink.label}
      </a>
      <header className="container topbar__inner notice">
        <Logo href="/" />
        <a href="/">{quotePage.backHome}</a>
      </header>
      <main id="main" tabIndex={-1} className="container notice quote-page">
        <h1>{quotePage.heading}</h1>
        <p className="quote-page__lead">{quotePage.lead}</p>
        <div className="quote-page__card">
          <Island name="quote" component={QuoteIsland} props={{ ...state, municipalitiesUrl }} />
        </div>
      </main>
    </>
  );
}
