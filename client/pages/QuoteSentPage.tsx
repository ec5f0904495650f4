import { quotePage, quoteSentPage } from '../../shared/content';
import { QuoteFrame } from './QuoteFrame';

/** Where a stored quote lands (303 from the form without JavaScript; the island goes there too). */
export function QuoteSentPage() {
  return (
    <QuoteFrame>
      <div className="quote-page__card" role="status">
        <h1>{quoteSentPage.heading}</h1>
        <p>{quoteSentPage.text}</p>
        <p>
          <a href={quotePage.path}>{quoteSentPage.another}</a>
        </p>
      </div>
    </QuoteFrame>
  );
}
