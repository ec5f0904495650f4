import { stemmer } from '@orama/stemmers/portuguese';

// The words naive Bayes weighs (docs/decisions/036-spam-quarantine.md): the message's, reduced to
// their stems with the Snowball Portuguese stemmer, without accents (people write "cotacao" as
// often as "cotação"), each counted once per post.

/** A post's words past this are not weighed: a spam's wall of text says no more after it. */
const MOST_WORDS = 300;

const WORD = /[\p{L}\p{N}]+/gu;

/** Letters without their accents: NFD splits "ç" into "c" and a combining mark, which goes. */
const unaccented = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/** The distinct stems of `text`, at most MOST_WORDS of them; words under 3 letters say little. */
export function wordsOf(text: string): string[] {
  const stems = new Set<string>();
  for (const [word] of unaccented(text.toLowerCase()).matchAll(WORD)) {
    if (word.length < 3 || word.length > 30) continue;
    stems.add(/^\d+$/.test(word) ? '#número' : stemmer(word));
    if (stems.size === MOST_WORDS) break;
  }
  return [...stems];
}
