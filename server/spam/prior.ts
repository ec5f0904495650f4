import type { Knowledge } from './learning';
import posts from './prior/posts.json' with { type: 'json' };
import { wordsOf } from './words';

// What the filter knows before the team's first mark (docs/decisions/045-spam-fairness.md):
// the words of a small labelled set of freight enquiries and sales pitches shipped with the code
// (server/spam/prior/SOURCE.md), counted as marks are. Each site's own marks add to it; naive Bayes
// speaks from the first post, so a pitch typed by a person is held and a freight request with a link
// is not, before anyone has marked anything.

type Tally = { spam: number; ham: number };

function countedPrior() {
  const words = new Map<string, Tally>();
  const count = (messages: readonly string[], label: keyof Tally) => {
    for (const message of messages)
      for (const word of wordsOf(message)) {
        const tally = words.get(word) ?? { spam: 0, ham: 0 };
        tally[label] += 1;
        words.set(word, tally);
      }
  };
  count(posts.spam, 'spam');
  count(posts.ham, 'ham');
  return { posts: { spam: posts.spam.length, ham: posts.ham.length }, words };
}

/** The prior's counts, made once: about two hundred posts' words. */
const PRIOR = countedPrior();

/** The site's marks with the prior's added: what naive Bayes weighs a post's words by. */
export function withPrior(site: Knowledge): Knowledge {
  const add = (a: Tally, b: Tally = { spam: 0, ham: 0 }) => ({ spam: a.spam + b.spam, ham: a.ham + b.ham });
  const words = new Map(site.words);
  for (const [word, tally] of PRIOR.words) words.set(word, add(tally, words.get(word)));
  return { ...site, posts: add(site.posts, PRIOR.posts), words };
}
