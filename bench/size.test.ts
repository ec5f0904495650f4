import { describe, expect, it } from 'vitest';
import { contactForm } from '../shared/content';
import { measureSizes, pageCopySamples, scriptsContaining } from './size-report';

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

  it('carries only the call the page makes: no listing, no quote or subject call, no admin credential', () => {
    // The contact call is there, which shows the search reads the bundles as they are.
    expect(scriptsContaining('/api/contacts')).not.toEqual([]);
    for (const text of ['Authorization', 'Bearer', '/api/quotes', '/api/subjects', 'page=', '/health'])
      expect(scriptsContaining(text), text).toEqual([]);
  });
});
