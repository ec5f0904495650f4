import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serveBuilt } from '../scripts/launch/serve-built';
import { contactForm } from '../shared/content';
import { measureSizes, municipalitiesFile, pageCopySamples, pageScripts, scriptsContaining } from './size-report';

// Runs on the production build made by the global setup.
describe('the weight of "/" (and of the privacy notice) as served', () => {
  it('stays within its budgets', { timeout: 30_000 }, async () => {
    for (const row of await measureSizes()) expect(row.bytes, row.name).toBeLessThanOrEqual(row.budget);
  });

  it("ships none of the page's copy inside the JavaScript", () => {
    // The islands' own texts are there, which shows the search reads the bundles as they are.
    expect(scriptsContaining(contactForm.submit)).not.toEqual([]);
    for (const text of pageCopySamples()) expect(scriptsContaining(text), text).toEqual([]);
  });

  it('never has "/" fetch the municipalities nor the quote form\'s code, which /cotacao loads on intent', async () => {
    const server = await serveBuilt({});
    try {
      const landing = await (await fetch(`${server.url}/`)).text();
      const quote = await (await fetch(`${server.url}/cotacao`)).text();
      const asset = municipalitiesFile().split('/').at(-1)!;
      // "/" never names the file; /cotacao names it only for its island, which asks for it on its
      // field's first focus: no link. "/" holds no quote island, whose code its script would import.
      expect(landing.includes(asset)).toBe(false);
      expect(quote.match(new RegExp(`<link[^>]*${asset}`))).toBeNull();
      expect(landing).not.toContain('data-island="quote"');
      expect(pageScripts('quote').some((file) => readFileSync(file, 'utf8').includes('/api/quotes'))).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('carries only the call the page makes: no listing, no quote or subject call, no admin credential', () => {
    // The contact call is there, which shows the search reads the bundles as they are.
    expect(scriptsContaining('/api/contacts')).not.toEqual([]);
    for (const text of ['Authorization', 'Bearer', '/api/quotes', '/api/subjects', 'page=', '/health'])
      expect(scriptsContaining(text), text).toEqual([]);
  });
});
