import { notFound } from '../../shared/content';

/** The same bytes serve every missing path (rendered once), so it names none of them. */
export function NotFoundPage() {
  return (
    <main className="not-found" id="main">
      <h1 className="not-found__code">{notFound.code}</h1>
      <p className="not-found__text">{notFound.heading}</p>
      <a className="button button--accent button--large" href="/">
        {notFound.backHome}
      </a>
    </main>
  );
}
