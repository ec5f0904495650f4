import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { everyScript } from '../bench/size-report';
import { SPRITE_ICONS, spriteClass } from '../client/components/sprite';
import { readManifest } from '../server/pages/assets';
import { clientDir } from './build-options';

// Runs on the production build made by the global setup.
describe('the build manifest', () => {
  const manifest = readManifest();

  it('lists every chunk the landing script can load, on the page whose island loads it', () => {
    // The script itself is inlined into the pages: every file left but the 404's and the driver's
    // page's own script (client/driver/offline.ts) is one of its chunks.
    const chunks = everyScript()
      .map((file) => `/${path.relative(clientDir, file)}`)
      .filter((file) => !file.includes('/not-found-') && !file.includes('/driver-'));
    expect(chunks.length).toBeGreaterThan(1);
    const { landing, quote, application } = manifest.chunks;
    expect([...new Set([...landing, ...quote, ...application])].sort()).toEqual(chunks.sort());
  });

  it('counts for "/" none of the quote form, and for /cotacao none of the contact form or the menu', () => {
    expect(manifest.chunks.landing.filter((chunk) => chunk.includes('QuoteIsland'))).toEqual([]);
    expect(manifest.chunks.quote.filter((chunk) => /ContactIsland|HeaderMenu/.test(chunk))).toEqual([]);
    expect(manifest.chunks.quote.filter((chunk) => chunk.includes('QuoteIsland'))).toHaveLength(1);
  });

  it('carries public/favicon.svg as a data: URL, byte for byte', () => {
    const prefix = 'data:image/svg+xml,';
    expect(manifest.favicon.startsWith(prefix)).toBe(true);
    expect(decodeURIComponent(manifest.favicon.slice(prefix.length))).toBe(
      readFileSync('public/favicon.svg', 'utf8').trim(),
    );
  });

  it('lists nothing for the not-found script, which loads no chunk', () => {
    expect(manifest.chunks.notFound).toEqual([]);
  });

  it('ships the sprite the stylesheet names, with a cell for every icon and a rule placing each', () => {
    const named = /--sprite:url\((\/assets\/icons-[0-9A-F]{8}\.svg)\);--step:([\d.]+)%/.exec(manifest.css.text);
    expect(named).not.toBeNull();
    const [, url, step] = named!;
    const sprite = readFileSync(path.join(clientDir, url!), 'utf8');
    expect(sprite.match(/<g transform=/g)).toHaveLength(SPRITE_ICONS.length);
    // The last cell sits at 100%: the stride times the gaps between cells.
    expect(Number(step) * (SPRITE_ICONS.length - 1)).toBeCloseTo(100, 2);
    for (const [index, [, icon]] of SPRITE_ICONS.entries())
      expect(manifest.css.text).toContain(`.${spriteClass(icon)}{--i:${index}}`);
  });
});
