import { type ReactNode, use } from 'react';
import { quotePage, skipLink } from '../../shared/content';
import { Logo } from '../../shared/logo';
import { IslandStylesheetsContext } from '../components/Island';

/**
 * What the quote form's two pages share: the form's stylesheet, linked (React hoists it into the
 * head) so that the landing page carries none of it, a header back to the site, and the main area.
 */
export function QuoteFrame({ children }: { children: ReactNode }) {
  const stylesheet = use(IslandStylesheetsContext).quote;
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
        {children}
      </main>
    </>
  );
}
