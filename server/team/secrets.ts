import { createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * A bearer secret sent to a browser or a person (a session, a one-time link): 256 random bits
 * (ASVS 5.0 7.2.3 asks for at least 128), base64url so that it travels in a cookie or a URL as is.
 */
export const newSecret = () => randomBytes(32).toString('base64url');

/**
 * What the database keeps of a secret: its SHA-256. A copy of the database (a backup, a replica's
 * disk) then opens no session and no link. A plain hash is enough for 256 random bits; a code of six
 * digits is kept the same way, and its five attempts and ten minutes are what protect it.
 */
export const digestOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A code a person types from an e-mail: six digits, from the CSPRNG, zeros kept. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
