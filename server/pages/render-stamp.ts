import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database';

/** What a post's stamp says: none sent, not ours, or ours with how long after the page it came. */
export type StampCheck = { kind: 'none' } | { kind: 'forged' } | { kind: 'ok'; elapsedMs: number };

/**
 * The signed time a page with the contact form was rendered at, which the form posts back
 * (docs/decisions/037-render-stamp.md): a post's age says whether a person could have typed it.
 */
export type RenderStamps = { sign(now?: number): string; check(value: unknown, now?: number): StampCheck };

/** The key's row in site_keys. */
const KEY_NAME = 'render-stamp';
const KEY_BYTES = 32;
/**
 * 72 bits of HMAC-SHA256: a forger has to guess them online, one rate-limited post per guess
 * (5 a minute per address), and a forged stamp only hides one signal of a spam post. Fewer than
 * RFC 2104 §5's "half the hash" because every page carries the stamp in its first round trip, where
 * random bytes do not compress and 96 bits left it 11 bytes over the 14,600
 * (docs/decisions/037-render-stamp.md).
 */
const MAC_BYTES = 9;
/**
 * How far in the future a stamp may be: the replicas' clocks differ a little, and the page may be
 * rendered on one and posted to another. Past it, the stamp was not ours.
 */
const CLOCK_SKEW_MS = 5_000;
/** Milliseconds since 1970 in base 36 (8 characters until 2059), a dot, and the MAC in base64url. */
const STAMP = new RegExp(`^([0-9a-z]{1,10})\\.([\\w-]{${Math.ceil((MAC_BYTES * 4) / 3)}})$`);

/** The render time a stamp carries, in ms since 1970, unchecked; NaN when it is not shaped as one. */
export const renderedAt = (stamp: string) => Number.parseInt(STAMP.exec(stamp)?.[1] ?? '', 36);

/**
 * The stamps of every replica: the key is made by whichever starts first and read back by all
 * (one row of site_keys, migration 13), so a page rendered on one replica checks on another with
 * no setting to share.
 */
export async function renderStamps(db: Database): Promise<RenderStamps> {
  await db.run('INSERT INTO site_keys (name, secret) VALUES (?, ?) ON CONFLICT DO NOTHING', [
    KEY_NAME,
    randomBytes(KEY_BYTES).toString('base64url'),
  ]);
  const row = await db.get('SELECT secret FROM site_keys WHERE name = ?', [KEY_NAME]);
  return stampsSignedWith(Buffer.from(String(row!.secret), 'base64url'));
}

/** Stamps signed with `key`: the database's key at start-up, or a test's own. */
export function stampsSignedWith(key: Buffer): RenderStamps {
  // A KeyObject, made once: createHmac with the key's bytes imports them anew on every call, which
  // took several times as long as the rest of the MAC.
  const secret = createSecretKey(key);
  const mac = (time: string) => createHmac('sha256', secret).update(time).digest().subarray(0, MAC_BYTES);
  return {
    sign(now = Date.now()) {
      const time = now.toString(36);
      return `${time}.${mac(time).toString('base64url')}`;
    },
    check(value, now = Date.now()) {
      if (value === undefined || value === null || value === '') return { kind: 'none' };
      const parts = typeof value === 'string' ? STAMP.exec(value) : null;
      if (!parts) return { kind: 'forged' };
      const [, time, signature] = parts as unknown as [string, string, string];
      const given = Buffer.from(signature, 'base64url');
      // Compared in constant time: a timing difference would tell a forger how many bytes were right.
      if (given.length !== MAC_BYTES || !timingSafeEqual(given, mac(time))) return { kind: 'forged' };
      const rendered = renderedAt(value as string);
      if (rendered > now + CLOCK_SKEW_MS) return { kind: 'forged' };
      return { kind: 'ok', elapsedMs: Math.max(0, now - rendered) };
    },
  };
}
