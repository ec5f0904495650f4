// The control the measuring scripts set the site beside (`npm run lighthouse`, `npm run trace`,
// `npm run bench`): pages with nothing of the site's but its security headers (responseHeaders()),
// served in the same process at the same moment, so that what they cost is this machine's floor
// at that moment, not the site's. `/`: a heading and a paragraph. `/rolagem`: as long as the
// landing page, with a name field at its foot, for the first tap after a fast scroll.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { responseHeaders } from '../server/http/security';

const HEAD = `<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Controle</title>
<meta name="description" content="Página mínima, para medir o piso do Lighthouse nesta máquina.">
</head><body>`;

/** Enough paragraphs to make the page as long as the landing page at 375 px (about 18,000 px). */
const PARAGRAPHS = 600;

const scrolled = () =>
  `${HEAD}<h1>Transporte rodoviário de cargas</h1>${'<p>Página de controle, com os cabeçalhos de segurança do site.</p>'.repeat(PARAGRAPHS)}` +
  '<section id="contact"><label>Nome <input name="name"></label></section></body></html>';

export function serveControl() {
  const app = express();
  app.disable('x-powered-by');
  app.use(responseHeaders().set);
  app.get('/favicon.ico', (_req, res) => res.status(204).end());
  app.get('/', (_req, res) => {
    res.type('html').send(`${HEAD}<h1>Transporte rodoviário de cargas</h1>
<p>Página mínima, com os cabeçalhos de segurança do site.</p></body></html>`);
  });
  app.get('/rolagem', (_req, res) => {
    res.type('html').send(scrolled());
  });
  const server = app.listen(0, '127.0.0.1');
  return new Promise<{ url: string; stop: () => void }>((resolve) =>
    server.once('listening', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => server.close() }),
    ),
  );
}
