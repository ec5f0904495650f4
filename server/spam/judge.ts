import { createHash } from 'node:crypto';
import type { ContactFields } from '../../shared/contact';
import type { QuoteFields } from '../../shared/quote';
import { type Finding, SUSPECT_REASONS, SUSPECT_THRESHOLD } from '../../shared/spam';
import type { Queries } from '../db/database';
import { freightMarks } from './freight-request';
import { adaptedWeight, FREIGHT_FLOOR, knowledgeOf, NEGATIVE_FLOOR, wordsWeight } from './learning';
import { withPrior } from './prior';
import { type ClientSignals, counted, signalsOf } from './signals';
import { wordsOf } from './words';

// A post's verdict (docs/requirements.md §10.9): its own signals, the same message from other senders, and what the
// team's marks taught, each with the weight it counted with; held as suspect at SUSPECT_THRESHOLD.

/** What became of a post: held or not, its score, and every weight that made it. */
export type Verdict = { suspect: boolean; score: number; findings: Finding[] };

const HOUR_MS = 60 * 60_000;

/** A message this short repeats by chance ("Quero uma cotação"): only longer ones are compared. */
const SHORTEST_PRINTED = 40;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * The message's print: a hash of its words, in lower case and without accents or punctuation, so
 * a copy with another spacing is the same message. Kept an hour with a hash of the sender's
 * address, never the text nor the address itself.
 */
function printOf(message: string) {
  const normal = message
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return normal.length < SHORTEST_PRINTED ? undefined : sha256(normal);
}

/** How many other addresses sent the same message in the hour before `at`; then notes this one. */
async function otherSenders(tx: Queries, fields: ContactFields, at: string) {
  const print = printOf(fields.message);
  if (!print) return 0;
  const sender = sha256(fields.email.toLowerCase());
  const hourAgo = new Date(Date.parse(at) - HOUR_MS).toISOString();
  await tx.run('DELETE FROM message_prints WHERE created_at < ?', [hourAgo]);
  const row = await tx.get(
    'SELECT count(DISTINCT sender) AS senders FROM message_prints WHERE print = ? AND sender <> ? AND created_at >= ?',
    [print, sender, hourAgo],
  );
  await tx.run('INSERT INTO message_prints (print, sender, created_at) VALUES (?, ?, ?)', [print, sender, at]);
  return Number(row?.senders ?? 0);
}

/**
 * A signal that starts this heavy holds a post by itself, whatever its words say (honeypot, stamp,
 * disposable…), even once the team's marks have faded it: its first weight decides.
 */
const HARD_SIGNAL = 1.2;

const rounded = (weight: number) => Math.round(weight * 100) / 100;

/** Weighs a post arriving at `at`, in the transaction that stores it. */
export async function judge(tx: Queries, fields: ContactFields, client: ClientSignals, at: string): Promise<Verdict> {
  const own = signalsOf(fields, client);
  const others = await otherSenders(tx, fields, at);
  if (others > 0) own.push(counted('repeated', others, String(others)));
  const words = wordsOf(fields.message);
  const knowledge = await knowledgeOf(tx, words);
  const findings = own.map((finding) => ({
    ...finding,
    weight: rounded(adaptedWeight(finding.weight, knowledge.reasons.get(finding.reason))),
  }));
  // A clear freight request's words may outweigh a link or a shortener; a hard signal stays decisive.
  const marks = freightMarks(fields.message);
  const rescue = marks.length >= 2 && own.every(({ reason }) => SUSPECT_REASONS[reason].weight < HARD_SIGNAL);
  const fromWords = rounded(wordsWeight(withPrior(knowledge), words, rescue ? FREIGHT_FLOOR : NEGATIVE_FLOOR));
  if (fromWords !== 0)
    findings.push({
      reason: 'words',
      weight: fromWords,
      ...(rescue && { detail: `pedido de frete: ${marks.join(', ')}` }),
    });
  const score = rounded(findings.reduce((sum, finding) => sum + finding.weight, 0));
  return { suspect: score >= SUSPECT_THRESHOLD, score, findings };
}

/** What a post teaches when marked: its words and the signals it showed (not the words' own weight). */
export const lessonOf = (fields: Pick<ContactFields, 'message'>, findings: readonly Finding[]) => ({
  words: wordsOf(fields.message),
  reasons: findings.map((finding) => finding.reason).filter((reason) => reason !== 'words'),
});

/**
 * A quote weighed as a contact is (docs/requirements.md §10.9): the same person's fields, and its notes as the message,
 * the only text a quote carries that a bot would fill with links or gibberish.
 */
export const quoteAsPost = ({ name, email, phone, company, notes, source }: QuoteFields): ContactFields => ({
  name,
  email,
  ...(phone !== undefined && { phone }),
  ...(company !== undefined && { company }),
  message: notes ?? '',
  ...(source !== undefined && { source }),
});

/** How a contact's client looked is not kept once it is a lead: only its content speaks again. */
const CONTENT_ONLY: ClientSignals = { honeypot: false, stamp: { kind: 'ok', elapsedMs: Number.POSITIVE_INFINITY } };

/** The signals a delivered contact's content shows (links, a disposable address…), found again. */
export const contentFindings = (fields: ContactFields) => signalsOf(fields, CONTENT_ONLY);

/**
 * What a delivered contact teaches when the team marks it (taken up, or moved to spam): its words
 * and the signals its content shows, so that a signal learns from real leads as it does from spam.
 */
export const leadLessonOf = (fields: ContactFields) => lessonOf(fields, contentFindings(fields));
