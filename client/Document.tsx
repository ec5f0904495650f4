import type { ReactNode } from 'react';
import type { PageMeta } from './routes';

export type DocumentAssets = { css: string };

type DocumentProps = { meta: PageMeta; assets: DocumentAssets; children: ReactNode };

/** React renders the whole document; the server adds only the bootstrap script. */
export function Document({ meta, assets, children }: DocumentProps) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {meta.noindex && <meta name="robots" content="noindex" />}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Inlined so the first response paints on its own; allowed by its hash in the CSP. */}
        <style dangerouslySetInnerHTML={{ __html: assets.css }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
