import { readFileSync } from 'node:fs';
import { vi } from 'vitest';
import type { Repository } from '../../server/composition/repository';
import type { Verdict } from '../../server/spam/judge';
import type { ClientSignals } from '../../server/spam/signals';
import { contactInputSchema } from '../../shared/contact';

// A labelled set of posts (test/spam/corpus/, test/spam/held-out/), replayed through the real
// store in the order they arrived, and the figures the spam tests print from them.

type Entry = {
  name: string;
  email: string;
  phone?: string;
  company?: string;
  message: string;
  seconds: number | null;
  minute: number;
  honeypot?: string;
  stamp?: 'forged';
  kind?: string;
};
export type Post = Entry & { spam: boolean };
type Judged = { post: Post; id: string; verdict: Verdict };

const loadFile = (folder: string, name: string, spam: boolean): Post[] =>
  readFileSync(new URL(`../spam/${folder}/${name}.jsonl`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => ({ ...JSON.parse(line), spam }));

/** A folder's real leads (leads.jsonl) and spam (spam.jsonl), in the order they arrived. */
export const labelledPosts = (folder: 'corpus' | 'held-out') =>
  [...loadFile(folder, 'leads', false), ...loadFile(folder, 'spam', true)].sort((a, b) => a.minute - b.minute);

/** Minute 0 of a set: a Monday, 00:00 in São Paulo. */
export const START = Date.parse('2026-11-02T03:00:00Z');

/** What the form's client would have sent beside the fields (the stamp's own tests check the stamp). */
const clientOf = (post: Entry): ClientSignals => ({
  honeypot: Boolean(post.honeypot?.trim()),
  stamp:
    post.stamp === 'forged'
      ? { kind: 'forged' }
      : post.seconds === null
        ? { kind: 'none' }
        : { kind: 'ok', elapsedMs: post.seconds * 1000 },
});

export const fieldsOf = (post: Entry) =>
  contactInputSchema.parse({
    name: post.name,
    email: post.email,
    phone: post.phone,
    company: post.company,
    message: post.message,
    source: { form: 'contato', page: '/' },
  });

/** Replays posts in arrival order (with Date faked by the caller); each post's id and verdict. */
export async function replay(repository: Repository, batch: Post[]) {
  const judged: Judged[] = [];
  for (const [index, post] of batch.entries()) {
    vi.setSystemTime(START + post.minute * 60_000 + index);
    const { result, verdict } = await repository.contacts.receiveContact(fieldsOf(post), clientOf(post));
    judged.push({ post, id: result.record.id, verdict: verdict! });
  }
  return judged;
}

type Figures = { leads: number; leadsHeld: number; spam: number; spamHeld: number };

export function figuresOf(judged: { post: Post; verdict: Verdict }[]): Figures {
  const of = (spam: boolean) => judged.filter(({ post }) => post.spam === spam);
  const held = (list: typeof judged) => list.filter(({ verdict }) => verdict.suspect).length;
  return { leads: of(false).length, leadsHeld: held(of(false)), spam: of(true).length, spamHeld: held(of(true)) };
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

export function report(title: string, figures: Figures) {
  const { leads, leadsHeld, spam, spamHeld } = figures;
  const held = leadsHeld + spamHeld;
  console.log(
    `${title}: leads delivered ${leads - leadsHeld}/${leads} (recall on leads ${percent(leads - leadsHeld, leads)}), ` +
      `spam held ${spamHeld}/${spam} (recall on spam ${percent(spamHeld, spam)}), ` +
      `precision of the folder ${held === 0 ? 'n/a' : percent(spamHeld, held)}`,
  );
}

/** The spam held, by the kind the set names. */
export function byKind(judged: { post: Post; verdict: Verdict }[]) {
  const kinds = new Map<string, { held: number; all: number }>();
  for (const { post, verdict } of judged.filter(({ post }) => post.spam)) {
    const kind = kinds.get(post.kind!) ?? { held: 0, all: 0 };
    kind.all += 1;
    if (verdict.suspect) kind.held += 1;
    kinds.set(post.kind!, kind);
  }
  return [...kinds].map(([kind, { held, all }]) => `${kind} ${held}/${all}`).join(', ');
}

/** Prints the posts judged wrong, with their score and findings. */
export function printMisses(judged: { post: Post; verdict: Verdict }[], most = 40) {
  for (const { post, verdict } of judged.filter(({ post, verdict }) => post.spam !== verdict.suspect).slice(0, most))
    console.log(
      `  ${post.spam ? 'missed spam' : 'held lead'} (${post.kind ?? 'lead'}, ${verdict.score} ${JSON.stringify(verdict.findings.map((f) => [f.reason, f.weight]))}): ${post.message.slice(0, 90).replace(/\n/g, ' ')}`,
    );
}
