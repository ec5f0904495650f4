import { Router } from 'express';
import { company, seo, THEME_COLOR } from '../../shared/content';
import { allowOnly } from '../http/methods';

/** The web app manifest, from the same company data as the page. */
const webManifest = JSON.stringify({
  name: company.name,
  short_name: company.shortName,
  description: seo.description,
  lang: 'pt-BR',
  start_url: '/',
  display: 'browser',
  background_color: '#ffffff',
  theme_color: THEME_COLOR,
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
  ],
});

/** robots.txt, sitemap.xml (from PUBLIC_URL: the one page worth indexing is "/") and the manifest. */
export function seoRouter(publicUrl: URL) {
  const home = new URL('/', publicUrl).href;
  const robots = `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', publicUrl).href}\n`;
  const sitemap =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    `  <url><loc>${escapeXml(home)}</loc></url>\n</urlset>\n`;

  const router = Router();
  const getOnly = allowOnly('GET');
  router
    .route('/robots.txt')
    .all(getOnly)
    .get((_req, res) => {
      res.type('text/plain; charset=utf-8').set('Cache-Control', 'public, max-age=3600').send(robots);
    });
  router
    .route('/sitemap.xml')
    .all(getOnly)
    .get((_req, res) => {
      res.type('application/xml; charset=utf-8').set('Cache-Control', 'public, max-age=3600').send(sitemap);
    });
  router
    .route('/manifest.webmanifest')
    .all(getOnly)
    .get((_req, res) => {
      res
        .type('application/manifest+json; charset=utf-8')
        .set('Cache-Control', 'public, max-age=86400')
        .send(webManifest);
    });
  return router;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
