// The shapes a store answers with and the HTTP plumbing replies from (server/http/write.ts,
// server/http/listing.ts), whichever feature's store it is.

/**
 * A write's Idempotency-Key and the fingerprint of its content. Kept together: the same key with
 * the same content replays the first result for 24 hours; with other content it is another write
 * (docs/requirements.md §10.3).
 */
export type IdempotencyKey = { key: string; fingerprint: string };

export type CreateResult<T> = { outcome: 'created'; record: T } | { outcome: 'replayed'; record: T };

export type ListResult<T> = { items: T[]; total: number };
