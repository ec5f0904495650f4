import { readdirSync, readFileSync, statSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import type { PageScript } from '../client/routes';
import { clientDir } from '../scripts/build-options';
import { serveBuilt } from '../scripts/launch/serve-built';
import { readManifest } from '../server/pages/assets';
import {
  FIRST_FLIGHT_BYTES,
  LANDING_BUDGET,
  LANDING_HEADER_BYTES,
  RESERVED_BYTES,
  weighBrotliBody,
} from '../server/pages/page-budget';
import { about, careers, certifications, hero, privacy, quotePage, services, technology } from '../shared/content';

export type SizeRow = { name: string; bytes: number; budget: number };

const KB = 1024;
export const BUDGETS = {
  javascript: 80 * KB,
  // The IBGE municipalities (5,571 names and their UFs), fetched by the quote form on intent.
  municipalities: 30 * KB,
};

/** A GET with `Accept-Encoding: br`, measured as sent over the wire: head and body bytes, and the body. */
function brotliResponse(url: string) {
  return new Promise<{ head: number; body: number; bytes: Buffer }>((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'br' } }, (res) => {
      if (res.headers['content-encoding'] !== 'br') reject(new Error(`${url} não veio em brotli`));
      const lines = [`HTTP/1.1 ${res.statusCode} ${res.statusMessage}`];
      for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
      const head = Buffer.byteLength(`${lines.join('\r\n')}\r\n\r\n`);
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ head, body: bytes.length, bytes });
      });
    }).on('error', reject);
  });
}

/**
 * Every script a page can load beside its inlined one: the chunks of its islands, as the build's
 * manifest lists them for it to fetch ahead ("/": the menu and the contact form; /cotacao: the quote
 * form). The quote form's chunks are not among "/"'s.
 */
export function pageScripts(page: PageScript = 'landing') {
  return readManifest(path.join(clientDir, 'manifest.json')).chunks[page].map((url) => path.join(clientDir, url));
}

/** Every .js file of the build, whatever loads it: to check that a text ships in none. */
export const everyScript = () => {
  const assets = path.join(clientDir, 'assets');
  return readdirSync(assets, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js') && !/^team-/.test(path.basename(file)))
    .map((file) => path.join(assets, file));
};

/** The municipalities asset the quote form's combobox fetches on its field's first focus. */
export const municipalitiesFile = () =>
  path.join(clientDir, readManifest(path.join(clientDir, 'manifest.json')).municipalities);

/** Copy that must stay in the HTML only; finding it in a script means the page ships twice. */
export const pageCopySamples = () => [
  hero.title,
  about.history.paragraphs[0]!,
  services.cards[0]!.text,
  certifications.cards[0]!.text,
  technology.cards[0]!.text,
  careers.reasons[1]!.text,
  privacy.collected.purpose,
];

/**
 * The address the page is measured with, by the budget here and by `npm run lighthouse`: unset,
 * PUBLIC_URL follows the random port, whose digits move the page by a few bytes from run to run.
 * Lighthouse once measured `/` at 14,609 bytes on port 3101 while the budget read 14,600, and its
 * simulation gave the page the extra round trip the budget exists to prevent (docs/performance.md).
 */
export const MEASURED_PUBLIC_URL = 'http://localhost:3000';

/** Measures the built site as served: the page over HTTP, the scripts as their .br files. */
export async function measureSizes(): Promise<SizeRow[]> {
  const server = await serveBuilt({ PUBLIC_URL: MEASURED_PUBLIC_URL });
  try {
    const html = await brotliResponse(`${server.url}/`);
    const notice = await brotliResponse(`${server.url}${privacy.path}`);
    const quote = await brotliResponse(`${server.url}${quotePage.path}`);
    const brotliBytes = (files: string[]) => files.reduce((sum, file) => sum + statSync(`${file}.br`).size, 0);
    const scripts = pageScripts('landing');
    const javascript = brotliBytes(scripts);
    const quoteScripts = pageScripts('quote');
    const landing = weighBrotliBody(html.bytes, html.head);
    return [
      { name: 'Cabeçalhos de /', bytes: html.head, budget: LANDING_HEADER_BYTES },
      {
        name: 'Cabeçalhos + HTML de / até o fim do destaque (1ª ida e volta)',
        bytes: landing.throughHeroBytes,
        budget: LANDING_BUDGET.throughHeroBytes,
      },
      // One flight too, less the room kept for the tracking entry and the owner's content.
      {
        name: `Cabeçalhos + HTML de / inteiro, ${RESERVED_BYTES} B de reserva`,
        bytes: landing.totalBytes,
        budget: LANDING_BUDGET.totalBytes - RESERVED_BYTES,
      },
      { name: `JavaScript de / (${scripts.length} arquivos, brotli)`, bytes: javascript, budget: BUDGETS.javascript },
      // A document to read, with the same inlined stylesheet and no script: one round trip too.
      {
        name: `Cabeçalhos + HTML de ${privacy.path} (1ª ida e volta)`,
        bytes: notice.head + notice.body,
        budget: FIRST_FLIGHT_BYTES,
      },
      {
        name: `Cabeçalhos + HTML de ${quotePage.path} (1ª ida e volta)`,
        bytes: quote.head + quote.body,
        budget: FIRST_FLIGHT_BYTES,
      },
      {
        name: `JavaScript de ${quotePage.path} (${quoteScripts.length} arquivos, brotli)`,
        bytes: brotliBytes(quoteScripts),
        budget: BUDGETS.javascript,
      },
      {
        name: 'Municípios do IBGE, na 1ª interação (brotli)',
        bytes: brotliBytes([municipalitiesFile()]),
        budget: BUDGETS.municipalities,
      },
    ];
  } finally {
    await server.stop();
  }
}

/** The scripts "/" can load that contain `text`; with `every`, any script of the build. */
export const scriptsContaining = (text: string, scripts = pageScripts('landing')) =>
  scripts.filter((file) => readFileSync(file, 'utf8').includes(text));

export const anyScriptContaining = (text: string) => scriptsContaining(text, everyScript());
