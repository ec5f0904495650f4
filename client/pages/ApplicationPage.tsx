import { use } from 'react';
import { applicationPage } from '../../shared/application-page';
import { Island, IslandStatesContext } from '../components/Island';
import ApplicationIsland from '../islands/ApplicationIsland';
import { MunicipalitiesUrlContext } from '../islands/quote-data';
import { PrivacyFactsContext } from '../privacy-facts';
import { QuoteFrame } from './QuoteFrame';

/**
 * /trabalhe-conosco/candidatura (docs/requirements.md §4.6): the application form, rendered per request with the
 * open positions (server/applications/routes.ts), posted as multipart without JavaScript; its island
 * wakes on the first sign of use and adds the city's suggestions. It shares the quote form's frame,
 * stylesheet and script.
 */
export function ApplicationPage() {
  const state = use(IslandStatesContext).application ?? { positions: [] };
  const { applicationRetentionDays } = use(PrivacyFactsContext);
  const municipalitiesUrl = use(MunicipalitiesUrlContext) ?? '';
  return (
    <QuoteFrame>
      <h1>{applicationPage.heading}</h1>
      <p className="quote-page__lead">{applicationPage.lead}</p>
      <div className="quote-page__card">
        <Island
          name="application"
          component={ApplicationIsland}
          props={{ ...state, retentionDays: applicationRetentionDays, municipalitiesUrl }}
        />
      </div>
    </QuoteFrame>
  );
}

/** The page a sent application leads to (PRG: a reload sends nothing again). */
export function ApplicationSentPage() {
  const { sent } = applicationPage;
  return (
    <QuoteFrame>
      <h1>{sent.heading}</h1>
      <p className="quote-page__lead">{sent.text}</p>
      <p>
        <a href="/">{sent.back}</a>
      </p>
    </QuoteFrame>
  );
}
