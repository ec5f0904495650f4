import type { Response } from 'express';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { company, THEME_COLOR } from '../../../shared/content';
import type { Manifest } from '../../pages/assets';

// The document of the module's public pages (/rastreio, the driver's page, the proof, the notices):
// rendered here on the server, as the proposal's page is (docs/decisions/047-proposals.md), the site's
// inlined stylesheet and the team's forms; `script` only for the driver's page (its offline island).

type Assets = { css: string; favicon: string; stylesheet: string };

function PublicDocument({
  title,
  assets,
  script,
  children,
}: {
  title: string;
  assets: Assets;
  script?: string;
  children: ReactNode;
}) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · ${company.shortName}`}</title>
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="icon" href={assets.favicon} type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, allowed by its hash. */}
        <style dangerouslySetInnerHTML={{ __html: assets.css }} />
        <link rel="stylesheet" href={assets.stylesheet} />
        {script && <script type="module" src={script} />}
      </head>
      <body className="team-body">
        <a className="skip-link" href="#conteudo">
          Pular para o conteúdo
        </a>
        <header className="team-header">
          <div className="container team-header__inner">
            <a href="/">{company.name}</a>
            <a href="/">Voltar ao site</a>
          </div>
        </header>
        <main id="conteudo" className="container team-main">
          {children}
        </main>
        <footer className="container team-aside">
          <p>
            Central 24 h: <a href={company.phone.href}>{company.phone.display}</a>
          </p>
        </footer>
      </body>
    </html>
  );
}

/**
 * The renderer of one person's page: never kept, never cached, never indexed, and no Referer leaves
 * it (a link's token is in its address).
 */
export function publicPages(manifest: Manifest) {
  const assets = { css: manifest.css.text, favicon: manifest.favicon, stylesheet: manifest.team.stylesheet };
  return (res: Response, status: number, title: string, page: ReactNode, script?: string) => {
    const html = renderToStaticMarkup(
      <PublicDocument title={title} assets={assets} {...(script && { script })}>
        {page}
      </PublicDocument>,
    );
    res
      .status(status)
      .set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' })
      .type('html')
      .send(`<!doctype html>${html}`);
  };
}

export type RenderPublicPage = ReturnType<typeof publicPages>;
