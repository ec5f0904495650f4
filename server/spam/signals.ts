import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import type { ContactFields } from '../../shared/contact';
import { quantityText } from '../../shared/number-text';
import { type Finding, SUSPECT_REASONS, type SuspectReason } from '../../shared/spam';
import type { StampCheck } from '../pages/render-stamp';
import { unaccented } from './words';

// The signals a post shows by itself (docs/requirements.md §10.9): no third party, no tracking, nothing asked of
// the visitor. What needs the database (the same message from other senders, the team's marks)
// is judge.ts's.

/** What a render stamp said about a post (stamp.ts). */
/** What the client sent beside the fields: the hidden field's value and the form's render stamp. */
export type ClientSignals = { honeypot: boolean; stamp: StampCheck };

/**
 * Under this, nobody filled the form: opening the page, reading it and typing a name, an address
 * and a message takes longer even with the browser's autofill. The stamp is the page's render time,
 * never later than when the visitor got it, so a person only ever looks slower than they were.
 */
export const FASTEST_PERSON_MS = 3000;

/** Hosts whose whole purpose is to hide where a link goes. */
const SHORTENERS = new Set([
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  'cutt.ly',
  'rb.gy',
  'is.gd',
  'v.gd',
  't.co',
  'goo.gl',
  'ow.ly',
  'buff.ly',
  'shorturl.at',
  'encurtador.com.br',
  'tiny.cc',
  's.id',
  't.ly',
  'rebrand.ly',
  'bl.ink',
  'lnkd.in',
  'adf.ly',
  'shorte.st',
  'x.co',
  'tr.im',
  'u.to',
  'clck.ru',
]);

/** Google Maps' own short links (goo.gl/maps/…): a customer's pickup address, not a hidden destination. */
const MAPS_LINK = /^(?:https?:\/\/)?(?:www\.)?goo\.gl\/maps\//i;

// A link as people and bots write one: with a scheme, with www., or a bare host with a path or a
// usual top-level domain. An e-mail address is not a link (the lookbehind skips the part after @).
const LINK =
  /\b(?:https?:\/\/[^\s<>"']+|www\.[^\s<>"']+|(?<![@\w.-])(?:[a-z0-9-]+\.)+(?:com|net|org|info|biz|xyz|top|site|online|shop|store|club|io|co|me|ru|cn|br|ly|gl|gd|at|cc|to|tk|id|su|pw|link|click|live|win|bet|casino|vip)(?:\.[a-z]{2})?(?:\/[^\s<>"']*)?)(?=$|[\s<>"',;)!?]|\.(?:\s|$))/giu;

const IP_HOST = /^(?:\d{1,3}\.){3}\d{1,3}$/;

/** The host a link names, lowercased, without www. */
function hostOf(link: string) {
  const bare = link.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  return bare.split(/[/:?#]/, 1)[0]!.toLowerCase();
}

const linksIn = (text: string) => text.match(LINK) ?? [];

/** Any letter, and any letter of the Latin script (Portuguese, with its accents, is Latin). */
const LETTER = /\p{L}/gu;
const LATIN_LETTER = /\p{Script=Latin}/gu;

/** Letters of another script than Latin: Cyrillic, Han, Arabic, Thai… */
function foreignLetters(text: string) {
  const letters = text.match(LETTER)?.length ?? 0;
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  return { letters, foreign: letters - latin };
}

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const VOWEL = /[aeiouy]/;

/**
 * Keys struck at random: two or more of the message's words of 3 letters or more, and at least
 * half of them, have no vowel ("hgjhgjhg", "sdfsdf") or run along a keyboard row ("asdfghjkl").
 * Abbreviations a customer writes ("vc", "pfv", "NF", "CNH") are short, or a few among real words.
 */
function gibberish(message: string) {
  const words = (unaccented(message.toLowerCase()).match(/\p{L}{3,}/gu) ?? []).filter((word) => /^[a-z]+$/.test(word));
  const struck = words.filter(
    (word) => !VOWEL.test(word) || (word.length >= 5 && KEYBOARD_ROWS.some((row) => row.includes(word))),
  );
  return struck.length >= 2 && struck.length * 2 >= words.length;
}

/**
 * The maintained list of temporary mailboxes, made a Set once: the package's isDisposableEmailDomain
 * builds it anew from the whole list on every call, which was most of a post's CPU
 * (`npm run bench` measures the POST).
 */
const DISPOSABLE_DOMAINS = disposableEmailBlocklistSet();

/** The address's domain or any domain above it is on the maintained list of temporary mailboxes. */
function disposableDomain(email: string) {
  const labels = email
    .slice(email.lastIndexOf('@') + 1)
    .toLowerCase()
    .split('.');
  for (let start = 0; start < labels.length - 1; start++) {
    const domain = labels.slice(start).join('.');
    if (DISPOSABLE_DOMAINS.has(domain)) return domain;
  }
  return undefined;
}

/** `count` occurrences of a counting signal, up to its most. */
export const counted = (reason: 'links' | 'repeated', count: number, detail: string): Finding => {
  const { weight, most } = SUSPECT_REASONS[reason];
  return { reason, weight: weight * Math.min(count, most), detail };
};

const found = (reason: SuspectReason, detail?: string): Finding => ({
  reason,
  weight: SUSPECT_REASONS[reason].weight,
  ...(detail && { detail }),
});

const seconds = (ms: number) => quantityText(Math.round(ms / 100) / 10, 's');

/** The signals a post shows by itself, each with its first weight. */
export function signalsOf(fields: ContactFields, client: ClientSignals): Finding[] {
  const findings: Finding[] = [];
  if (client.honeypot) findings.push(found('honeypot'));
  const { stamp } = client;
  if (stamp.kind === 'none') findings.push(found('noStamp'));
  else if (stamp.kind === 'forged') findings.push(found('forgedStamp'));
  else if (stamp.elapsedMs < FASTEST_PERSON_MS) findings.push(found('fast', seconds(stamp.elapsedMs)));

  const links = linksIn(fields.message);
  if (links.length > 0) findings.push(counted('links', links.length, String(links.length)));
  const hosts = links.map(hostOf);
  const shortener = links
    .filter((link) => !MAPS_LINK.test(link))
    .map(hostOf)
    .find((host) => SHORTENERS.has(host));
  if (shortener) findings.push(found('shortener', shortener));
  const ip = hosts.find((host) => IP_HOST.test(host));
  if (ip) findings.push(found('ipLink', ip));
  if (linksIn(`${fields.name} ${fields.company ?? ''}`).length > 0) findings.push(found('linkInName'));

  if (gibberish(fields.message)) findings.push(found('gibberish'));

  const disposable = disposableDomain(fields.email);
  if (disposable) findings.push(found('disposable', disposable));

  // A few foreign letters are a name or a quoted word; a third of the letters is the message's script.
  const { letters, foreign } = foreignLetters(`${fields.name} ${fields.message}`);
  if (foreign >= 5 && foreign >= letters / 3) findings.push(found('foreignScript'));
  return findings;
}
