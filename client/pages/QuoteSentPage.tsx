import { use } from 'react';
import { quotePage, quoteSentPage, skipLink } from '../../shared/content';
import { IslandStylesheetsContext } from '../components/Island';
import { Logo } from '../components/Logo';

/** Where a stored quote lands (303 from the form without JavaScript; the island goes there too). */
export function QuoteSentPage() {
  const stylesheet = use(IslandStylesheetsContext).quote;
  return (
    <>
      {stylesheet && <link rel="stylesheet" href={stylesheet} precedence="default" />}
      <a className="skip-link" href={skipLink.href}>
        {skipLink.label}
      </a>
      <header className="container topbar__inner notice">
        <Logo href="/" />
        <a href="/">{quoteSentPage.backHome}</a>
      </header>
      <main id="main" tabIndex={-1} className="container notice quote-page">
        <div className="quote-page__card" role="status">
          <h1>{quoteSentPage.heading}</h1>
          <p>{quoteSentPage.text}</p>
          <p>
            <a href={quotePage.path}>{quoteSentPage.another}</a>
          </p>
        </div>
      </main>
    </>
  );
}
