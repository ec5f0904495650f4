import type { SuspectReason } from '../../shared/spam';
import type { Queries } from '../db/database';

// What the team's marks teach (docs/requirements.md §10.9, docs/decisions/036-spam-quarantine.md), per site, in
// the spam_counts table: how many marked posts were spam and how many were not, in all, per signal
// they showed, and per word of their message. Two uses: each signal's weight follows how often the
// team agreed with it (counting), and the message's words are weighed by naive Bayes.

export type Label = 'spam' | 'ham';

type Tally = { spam: number; ham: number };

/** The counts a post's judgement reads: the marks in all, per signal, and per word it has. */
export type Knowledge = { posts: Tally; reasons: Map<string, Tally>; words: Map<string, Tally> };

/** A post as learning sees it: its words and the signals it showed. */
export type Lesson = { words: readonly string[]; reasons: readonly SuspectReason[] };

const NONE: Tally = { spam: 0, ham: 0 };

/**
 * A word that this many marked posts had speaks by its absence too (Bernoulli naive Bayes): a
 * message about freight that never says "frete", "carga" or "cotação" is telling. Rarer words are
 * weighed only where they appear, which bounds the read to the site's common vocabulary.
 */
const TELLING_ABSENCE = 3;
/** How much a common word's absence counts beside a word present (see wordsWeight). */
const ABSENCE_SHARE = 0.5;

/** The marks in all, those of the signals, of these words, and of the common words (one read). */
export async function knowledgeOf(tx: Queries, words: readonly string[]): Promise<Knowledge> {
  const wordTerms = words.length > 0 ? ` OR term IN (${words.map(() => '?').join(', ')})` : '';
  const rows = await tx.all(
    `SELECT kind, term, spam, ham FROM spam_counts WHERE kind IN ('posts', 'reason')
       OR (kind = 'word' AND (spam + ham >= ?${wordTerms}))`,
    [TELLING_ABSENCE, ...words],
  );
  const knowledge: Knowledge = { posts: NONE, reasons: new Map(), words: new Map() };
  for (const row of rows) {
    const tally = { spam: Number(row.spam), ham: Number(row.ham) };
    if (row.kind === 'posts') knowledge.posts = tally;
    else (row.kind === 'reason' ? knowledge.reasons : knowledge.words).set(String(row.term), tally);
  }
  return knowledge;
}

/**
 * Counts one mark (or, with `delta` -1, takes back an earlier one: a post marked as spam and then
 * released). One statement; its rows in a fixed order, so two replicas learning at once on
 * PostgreSQL lock them in the same order and never deadlock.
 */
export async function learn(tx: Queries, lesson: Lesson, label: Label, delta: 1 | -1 = 1) {
  const terms: [string, string][] = [
    ['posts', ''],
    ...[...new Set(lesson.reasons)].map((reason): [string, string] => ['reason', reason]),
    ...[...new Set(lesson.words)].map((word): [string, string] => ['word', word]),
  ];
  terms.sort(([kindA, termA], [kindB, termB]) => (kindA === kindB ? (termA < termB ? -1 : 1) : kindA < kindB ? -1 : 1));
  const spam = label === 'spam' ? delta : 0;
  const ham = label === 'ham' ? delta : 0;
  await tx.run(
    `INSERT INTO spam_counts (kind, term, spam, ham) VALUES ${terms.map(() => '(?, ?, ?, ?)').join(', ')}
       ON CONFLICT (kind, term) DO UPDATE
       SET spam = spam_counts.spam + excluded.spam, ham = spam_counts.ham + excluded.ham`,
    // A take-back's rows exist (the mark it undoes made them), so it always subtracts.
    terms.flatMap(([kind, term]) => [kind, term, spam, ham]),
  );
}

/** The marks each signal is assumed to have had, half each way, before the team's first. */
const PRIOR_MARKS = 10;

/**
 * A signal's weight once the team has marked posts that showed it: its first weight times twice
 * the share of those posts that were spam, counting PRIOR_MARKS assumed ones, half each way, and
 * never above its first weight. A signal the team keeps overruling fades towards 0 (the honeypot,
 * at 1.5, holds a post alone until the team has released six autofilled customers and marked none
 * as spam); one it keeps confirming stays as it was. Letting it grow held real leads on the
 * labelled corpus: a link, at 0.68 once spam with links had been marked, and a few business words
 * reached 1 (server/spam/corpus.test.ts).
 */
export function adaptedWeight(weight: number, tally: Tally = NONE) {
  return Math.min(weight, (weight * 2 * (tally.spam + PRIOR_MARKS / 2)) / (tally.spam + tally.ham + PRIOR_MARKS));
}

/** Naive Bayes speaks once the team has marked this many posts of each kind. */
const FEWEST_MARKS = 5;

/**
 * The log-odds naive Bayes needs for the words alone to hold a post (a weight of 1): about 3,000
 * to 1. On the labelled corpus, 6 caught 1 spam post in 100 more and held a real lead; 8 held
 * none. Words only ever weigh in once enough posts are marked (the shipped prior's count), and
 * never rescue a post by more than NEGATIVE_FLOOR, so that a hard signal (1.2 or more) stays
 * decisive; a clear freight request may go down to FREIGHT_FLOOR (judge.ts): enough to outweigh a
 * link and a shortener (1.25), not two links and a shortener (1.7).
 */
const LOG_ODDS_FOR_ONE = 8;
export const NEGATIVE_FLOOR = -0.15;
export const FREIGHT_FLOOR = -0.5;

/**
 * The weight of the message's words: Bernoulli naive Bayes over the words the team's marked posts
 * had, Laplace-smoothed, with even priors (the team marks mostly what bothers it, so the marks' own
 * proportion says nothing about the site's). A word present speaks; a common word absent speaks at
 * ABSENCE_SHARE of its weight (on the corpus, absence lifted the spam caught from 75% to 79%, and
 * in full it held real leads that never say "frete"); words no marked post had say nothing.
 */
export function wordsWeight({ posts, words: known }: Knowledge, words: readonly string[], floor = NEGATIVE_FLOOR) {
  if (posts.spam < FEWEST_MARKS || posts.ham < FEWEST_MARKS) return 0;
  const present = new Set(words);
  let logOdds = 0;
  for (const [word, tally] of known) {
    if (tally.spam + tally.ham === 0) continue;
    const inSpam = (tally.spam + 1) / (posts.spam + 2);
    const inHam = (tally.ham + 1) / (posts.ham + 2);
    if (present.has(word)) logOdds += Math.log(inSpam) - Math.log(inHam);
    else if (tally.spam + tally.ham >= TELLING_ABSENCE)
      logOdds += ABSENCE_SHARE * (Math.log(1 - inSpam) - Math.log(1 - inHam));
  }
  return Math.min(1, Math.max(floor, logOdds / LOG_ODDS_FOR_ONE));
}
