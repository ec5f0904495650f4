import type { ApiFailure } from './types';

/** A failed call: the server's message (or the HTTP status), and its per-field errors if any. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Where and how the calls go. */
export type Connection = {
  /** Where the API lives; the same origin when empty. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
};

export type WriteOptions = { idempotencyKey?: string };

export const idempotencyHeader = ({ idempotencyKey }: WriteOptions): Record<string, string> =>
  idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {};

/** One call: JSON in, JSON out, the server's message on failure (docs/requirements.md §7.1, §8.1). */
export async function requestJson<T>(
  { baseUrl = '', fetch }: Connection,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  // Looked up at call time, not creation time, so a fetch installed later (tests, polyfills) is used.
  const send = fetch ?? globalThis.fetch;
  const response = await send(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // A body that is not JSON (a proxy's HTML error page, say) counts as one without a message.
  const reply = (await response.json().catch(() => undefined)) as Partial<ApiFailure> | undefined;
  if (!response.ok) {
    const message =
      typeof reply?.message === 'string' && reply.message ? reply.message : `HTTP error! status: ${response.status}`;
    throw new ApiError(message, response.status, reply?.errors ?? {});
  }
  return reply as T;
}
