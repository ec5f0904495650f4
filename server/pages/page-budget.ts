import { brotliDecompressSync, constants } from 'node:zlib';
import { brotliOf } from './kept-pages';

// The landing page's budget, in one place: `npm run size` and its test hold the built page to it,
// and the owner's editor of the site's content holds a draft to it before publishing
// (docs/decisions/057-landing-budget.md, figures in docs/performance.md).

/**
 * What a new TCP connection's first round trip carries: 10 segments of 1460 bytes (RFC 6928).
 * Whatever a paint needs beyond it arrives one round trip later, about 150 ms on a mobile network.
 */
export const FIRST_FLIGHT_BYTES = 10 * 1460;

/**
 * The status line and headers of `/` as sent (1,058 bytes on 2026-12-02: the CSP with its
 * hashes, the other security headers, a request id, the ETag), rounded up. `npm run size`
 * measures the real ones and fails if they outgrow this, so a weight counted with it stays true.
 */
export const LANDING_HEADER_BYTES = 1_100;

export const LANDING_BUDGET = {
  /** Headers and brotli HTML of `/` through the end of its hero: the first paint must arrive in one flight (decision 048). */
  throughHeroBytes: FIRST_FLIGHT_BYTES,
  /**
   * Headers and the whole brotli HTML of `/`: one flight too, since Lighthouse's simulation
   * models the document as one download and charges a second round trip to LCP.
   */
  totalBytes: FIRST_FLIGHT_BYTES,
  /**
   * What the site's own page must leave free within `totalBytes` for the owner's texts and images
   * in place of the seed's at the seed's size. Texts of the same lengths compress differently: the
   * seed's words put in a random order cost 340–360 bytes more, other Portuguese words of the same
   * lengths 3–82; an image the owner uploads has a longer, hashed name than the seed's. (The
   * tracking entry's 150 bytes, kept here before, are spent: its two links cost 93.)
   */
  reserve: { ownerContentBytes: 350 },
} as const;

/**
 * The longest text the owner may put where the seed has `seed`: a fifth longer, and at least 20
 * characters more for a short one. Past it the editor refuses the text; within it, the whole
 * page's weight (weighLandingPage) decides.
 */
export const textLimit = (seed: string) => Math.max(Math.ceil(seed.length * 1.2), seed.length + 20);

/**
 * The most bytes an image may take in each of the page's slots, as served after the editor has
 * re-encoded it. None of them is in the HTML, but each is downloaded by every visitor who scrolls
 * to it, on a mobile link of about 1.6 Mbit/s in Lighthouse's profile (40 KB is 200 ms of it).
 * The hero's picture is the largest paint at 1280 px; on a phone it loads at low priority, under
 * the headline.
 */
export const IMAGE_BUDGET = {
  hero: { maxBytes: 80_000, width: 640, height: 480 },
  fleetCard: { maxBytes: 40_000, width: 480, height: 240 },
  areasMap: { maxBytes: 40_000, width: 400, height: 400 },
} as const;
export type ImageSlot = keyof typeof IMAGE_BUDGET;

/** Whether an image of `bytes`, re-encoded, fits its slot; if not, why, in Portuguese. */
export function imageOverBudget(slot: ImageSlot, bytes: number): string | undefined {
  const { maxBytes } = IMAGE_BUDGET[slot];
  if (bytes <= maxBytes) return undefined;
  return `A imagem tem ${kilobytes(bytes)} depois de otimizada; o limite deste espaço é ${kilobytes(maxBytes)}.`;
}

const kilobytes = (count: number) => `${Math.ceil(count / 1000)} KB`;
const bytes = (count: number) => `${count.toLocaleString('pt-BR')} bytes`;

/**
 * How many bytes of a brotli body a browser needs to have decoded it up to the end of its hero
 * (the first `</section>` after `id="home"`): the shortest prefix that decodes that far.
 */
export function bytesThroughHero(body: Buffer) {
  const decoded = (length: number) =>
    brotliDecompressSync(body.subarray(0, length), { finishFlush: constants.BROTLI_OPERATION_FLUSH }).toString(
      'latin1',
    );
  const whole = decoded(body.length);
  const heroEnd = whole.indexOf('</section>', whole.indexOf('id="home"'));
  if (heroEnd < 0 || !whole.includes('id="home"')) throw new Error('a página não tem a seção #home');
  const needed = heroEnd + '</section>'.length;
  let [low, high] = [0, body.length];
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (decoded(middle).length >= needed) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The weight of `/` as a browser receives it: headers and brotli bytes, through the hero and whole. */
export type LandingWeight = { throughHeroBytes: number; totalBytes: number };

/** The weight of the brotli body of `/` (as the server compresses it) behind `headerBytes` of headers. */
export const weighBrotliBody = (body: Buffer, headerBytes = LANDING_HEADER_BYTES): LandingWeight => ({
  throughHeroBytes: headerBytes + bytesThroughHero(body),
  totalBytes: headerBytes + body.length,
});

/** The weight of a rendered `/` (a draft, say), compressed as the server compresses its kept pages. */
export const weighLandingPage = async (html: Buffer | string, headerBytes = LANDING_HEADER_BYTES) =>
  weighBrotliBody(await brotliOf(Buffer.from(html)), headerBytes);

/** The room `LANDING_BUDGET.reserve` keeps, in all. */
export const RESERVED_BYTES = LANDING_BUDGET.reserve.ownerContentBytes;

/**
 * What is over the budget in a weight of `/`, one Portuguese sentence each; none when it fits.
 * `keepFree` bytes of the whole count as spent: the site's own page keeps RESERVED_BYTES free
 * (bench/size-report.ts); a draft of the owner's, none.
 */
export function overBudget(weight: LandingWeight, { keepFree = 0 } = {}): string[] {
  const over: string[] = [];
  if (weight.throughHeroBytes > LANDING_BUDGET.throughHeroBytes)
    over.push(
      `O início da página, até o fim do destaque, passa de ${bytes(LANDING_BUDGET.throughHeroBytes)} ` +
        `(${bytes(weight.throughHeroBytes)}): o destaque chegaria uma ida e volta mais tarde.`,
    );
  if (weight.totalBytes > LANDING_BUDGET.totalBytes - keepFree)
    over.push(
      `A página inteira passa de ${bytes(LANDING_BUDGET.totalBytes - keepFree)} (${bytes(weight.totalBytes)}): ` +
        'encurte os textos mais longos.',
    );
  return over;
}
