import { use } from 'react';
import { applicationPage } from '../../shared/application-page';
import { IslandStatesContext } from '../components/Island';
import { ApplicationForm } from '../islands/ApplicationForm';
import { PrivacyFactsContext } from '../privacy-facts';
import { QuoteFrame } from './QuoteFrame';

/**
 * /trabalhe-conosco/candidatura (issue 56 §2): the application form, rendered per request with the
 * open positions (server/applications/routes.ts), posted as multipart without JavaScript. It shares
 * the quote form's frame and stylesheet.
 */
export function ApplicationPage() {
  const state = use(IslandStatesContext).application ?? { positions: [] };
  const { applicationRetentionDays } = use(PrivacyFactsContext);
  return (
    <QuoteFrame>
      <h1>{applicationPage.heading}</h1>
      <p className="quote-page__lead">{applicationPage.lead}</p>
      <div className="quote-page__card">
        <ApplicationForm {...state} retentionDays={applicationRetentionDays} />
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
