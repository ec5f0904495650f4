import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRepository } from '../../test/support/app';
import { byKind, figuresOf, labelledPosts, printMisses, replay, report } from '../../test/support/spam-corpus';

// The held-out set (docs/decisions/045-spam-fairness.md, test/spam/held-out/): 60 real freight enquiries, a fair share
// with a bit.ly, wa.me or Google Maps link, a CNPJ, a phone or a company, and 60 spam posts and sales
// pitches, most typed by a person with no link. Written apart from both the labelled corpus and the
// prior's training posts (server/spam/prior/SOURCE.md), and replayed on a site no one has marked
// yet: what the rules and the shipped prior do on posts they never saw.

const posts = labelledPosts('held-out');

describe('the held-out set', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('holds no real enquiry, links and all, and at least 90% of the spam, before any mark', async () => {
    const judged = await replay(testRepository(), posts);
    const figures = figuresOf(judged);
    report('held-out set, rules and prior', figures);
    console.log(`  spam held by kind: ${byKind(judged)}`);
    printMisses(judged);

    expect(figures.leadsHeld).toBe(0);
    expect(figures.spamHeld / figures.spam).toBeGreaterThanOrEqual(0.9);
  }, 60_000);
});
