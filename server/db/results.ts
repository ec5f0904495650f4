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

/** A JSON column as read: PostgreSQL's jsonb arrives parsed, SQLite's text does not. */
export const fromJson = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? undefined));

/** A timestamp column as read (a Date from PostgreSQL, text from SQLite), as ISO 8601. */
export const instant = (value: unknown) => (value == null ? undefined : new Date(value as string | Date).toISOString());
