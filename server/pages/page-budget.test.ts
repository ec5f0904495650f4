import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { areas, fleet, hero } from '../../shared/content';
import {
  bytesThroughHero,
  IMAGE_BUDGET,
  imageOverBudget,
  LANDING_BUDGET,
  LANDING_HEADER_BYTES,
  overBudget,
  RESERVED_BYTES,
  textLimit,
  weighLandingPage,
} from './page-budget';

const brotli = (text: string) =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });

/** Text brotli cannot shrink: a draft whose size is what it looks like. */
const noise = (length: number) => Array.from({ length }, (_, i) => ((i * 7919) % 4093).toString(36)).join(' ');

describe('the landing page budget', () => {
  it('weighs a rendered page as served: headers and brotli, through the hero and whole', async () => {
    const html = `<html><body><section id="home">Olá</section>${noise(2000)}</body></html>`;
    const weight = await weighLandingPage(html);
    expect(weight.totalBytes).toBe(LANDING_HEADER_BYTES + brotli(html).length);
    expect(weight.throughHeroBytes).toBeGreaterThan(LANDING_HEADER_BYTES);
    expect(weight.throughHeroBytes).toBeLessThan(weight.totalBytes);
  });

  it('counts through the hero the shortest prefix that decodes to its end, and no byte less', () => {
    const html = `<section id="home">${noise(300)}</section>${noise(3000)}`;
    const body = brotli(html);
    const through = bytesThroughHero(body);
    expect(bytesThroughHero(body.subarray(0, through + 1))).toBe(through);
    expect(() => bytesThroughHero(brotli('<p>sem destaque</p>'))).toThrow(/#home/);
  });

  it('passes a page of exactly one flight, and names what is over by a byte', () => {
    const fits = { throughHeroBytes: 9_000, totalBytes: LANDING_BUDGET.totalBytes };
    expect(overBudget(fits)).toEqual([]);
    expect(overBudget({ ...fits, totalBytes: fits.totalBytes + 1 })).toEqual([
      expect.stringMatching(/^A página inteira passa de 14\.600 bytes \(14\.601 bytes\)/),
    ]);
    expect(overBudget({ ...fits, throughHeroBytes: LANDING_BUDGET.throughHeroBytes + 1 })).toEqual([
      expect.stringMatching(/^O início da página, até o fim do destaque/),
    ]);
  });

  it("holds the site's own page to the flight less the room reserved for the next features", () => {
    const seed = { throughHeroBytes: 9_000, totalBytes: LANDING_BUDGET.totalBytes - RESERVED_BYTES + 1 };
    expect(overBudget(seed)).toEqual([]);
    expect(overBudget(seed, { keepFree: RESERVED_BYTES })).toHaveLength(1);
  });

  it("lets the owner's text be a fifth longer than the seed's, and a short one 20 characters", () => {
    expect(textLimit('a'.repeat(200))).toBe(240);
    expect(textLimit('Frota')).toBe(25);
  });

  it("refuses an image over its slot's bytes, saying both in Portuguese", () => {
    expect(imageOverBudget('fleetCard', 40_000)).toBeUndefined();
    expect(imageOverBudget('fleetCard', 40_001)).toBe(
      'A imagem tem 41 KB depois de otimizada; o limite deste espaço é 40 KB.',
    );
  });

  it("sizes each image slot as the seed's image in it is shown", () => {
    const shown = ({ width, height }: { width: number; height: number }) => ({ width, height });
    expect(shown(IMAGE_BUDGET.hero)).toEqual(shown(hero.image));
    for (const card of fleet.cards) expect(shown(IMAGE_BUDGET.fleetCard)).toEqual(shown(card.image));
    expect(shown(IMAGE_BUDGET.areasMap)).toEqual(shown(areas.map));
  });
});
