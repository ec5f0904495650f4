import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { landingScripts } from '../bench/size-report';
import { readManifest } from '../server/pages/assets';
import { clientDir } from './build-options';

// Runs on the production build made by the global setup.
describe('the build manifest', () => {
  const manifest = readManifest();

  it('lists every chunk the landing script can load for prefetching, and nothing else', () => {
    // The script itself is inlined into the page: every file left is one of its chunks.
    const chunks = landingScripts().map((file) => `/${path.relative(clientDir, file)}`);
    expect(chunks.length).toBeGreaterThan(1);
    expect([...manifest.prefetch.landing].sort()).toEqual(chunks.sort());
  });

  it('carries public/favicon.svg as a data: URL, byte for byte', () => {
    const prefix = 'data:image/svg+xml,';
    expect(manifest.favicon.startsWith(prefix)).toBe(true);
    expect(decodeURIComponent(manifest.favicon.slice(prefix.length))).toBe(
      readFileSync('public/favicon.svg', 'utf8').trim(),
    );
  });

  it('lists nothing for the not-found script, which loads no chunk', () => {
    expect(manifest.prefetch.notFound).toEqual([]);
  });
});
