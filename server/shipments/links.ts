import { createHash, randomBytes } from 'node:crypto';
import { trackingEntry } from '../../shared/content';

// The shipment's secret links (docs/requirements.md §12.7, §12.12): 32 random bytes in base64url,
// stored as their SHA-256 only, so that a copy of the database opens none.

export const newToken = () => randomBytes(32).toString('base64url');
export const digestOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** A token as newToken makes them: anything else is no token, and is not looked up. */
export const isToken = (text: string) => /^[A-Za-z0-9_-]{43}$/.test(text);

export const driverPath = (token: string) => `/motorista/${token}`;
export const proofPath = (token: string) => `/comprovante/${token}`;
export const noticesPath = (token: string) => `${trackingEntry.path}/avisos/${token}`;
export const trackingPath = (code: string) => `${trackingEntry.path}?codigo=${code}`;
