import type { ReactNode } from 'react';
import { company, seo, THEME_COLOR } from '../shared/content';
import type { IslandStylesheets } from './islands/names';
import type { PageMeta } from './routes';
import { organizationJsonLd, serializeJsonLd } from './structured-data';

export type DocumentAssets = {
  css: string;
  /** The icon as a data: URL: no request while the page loads. */
  favicon: string;
  islandStylesheets: IslandStylesheets;
  /** The IBGE municipalities the quote form's combobox fetches when first focused. */
  municipalities?: string;
};

type DocumentProps = { meta: PageMeta; assets: DocumentAssets; publicUrl: string; children: ReactNode };

const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };

/** React renders the whole document; the server adds only the bootstrap script. */
export function Document({ meta, assets, publicUrl, children }: DocumentProps) {
  const canonical = new URL(meta.path ?? '/', publicUrl).href;
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {meta.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={canonical} />}
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="icon" href={assets.favicon} type="image/svg+xml" />
        <link rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <meta property="og:type" content="website" />
        <meta property="og:locale" content="pt_BR" />
        <meta property="og:site_name" content={company.name} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:image" content={new URL(OG_IMAGE.path, publicUrl).href} />
        <meta property="og:image:width" content={String(OG_IMAGE.width)} />
        <meta property="og:image:height" content={String(OG_IMAGE.height)} />
        <meta property="og:image:alt" content={seo.imageAlt} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        <meta name="twitter:image" content={new URL(OG_IMAGE.path, publicUrl).href} />
        {/* Inlined so the first response paints on its own; allowed by its hash in the CSP. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, not user input. */}
        <style dangerouslySetInnerHTML={{ __html: assets.css }} />
        {!meta.noindex && (
          // A data block, not a script: browsers never run it, so the CSP needs no exception. Our own
          // data, serialized so that it cannot close the element.
          <script
            type="application/ld+json"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own data, serialized safely (see above).
            dangerouslySetInnerHTML={{ __html: serializeJsonLd(organizationJsonLd(publicUrl)) }}
          />
        )}
      </head>
      <body>{children}</body>
    </html>
  );
}
