import type { ApiFailure, ApiSuccess, Created, PageQuery, PageReply } from './api-types';
import type { Contact, ContactInput } from './contact';
import type { Quote, QuoteInput } from './quote';

export const CONTACT_ERROR_MESSAGE = 'Erro ao enviar solicitação';

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

export type ApiClientOptions = {
  /** Where the API lives; the same origin when empty. */
  baseUrl?: string;
  /** The credential for the protected reads (listings and a quote by id). */
  adminToken?: string;
  fetch?: typeof globalThis.fetch;
};

export type WriteOptions = { idempotencyKey?: string };

/** One client for every call of docs/requirements.md §7: JSON in, JSON out, the server's message on failure. */
export function createApiClient({ baseUrl = '', adminToken, fetch }: ApiClientOptions = {}) {
  // Looked up at call time, not creation time, so a fetch installed later (tests, polyfills) is used.
  const send: typeof globalThis.fetch = fetch ?? ((input, init) => globalThis.fetch(input, init));
  const call = async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await send(`${baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // A body that is not JSON (a proxy's HTML error page, say) counts as one without a message.
    const reply = (await response.json().catch(() => undefined)) as Partial<ApiFailure> | undefined;
    if (!response.ok) {
      const message = typeof reply?.message === 'string' && reply.message ? reply.message : `HTTP error! status: ${response.status}`;
      throw new ApiError(message, response.status, reply?.errors ?? {});
    }
    return reply as T;
  };
  const authorized = (): Record<string, string> => (adminToken ? { Authorization: `Bearer ${adminToken}` } : {});
  const idempotent = (options: WriteOptions): Record<string, string> =>
    options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {};
  const pageQuery = ({ page = 1, limit = 10 }: PageQuery) => `page=${page}&limit=${limit}`;

  return {
    health: () => call<{ status: string }>('GET', '/health'),

    async createContact(input: ContactInput, options: WriteOptions = {}) {
      const reply = await call<ApiSuccess<Created>>('POST', '/api/contacts', input, idempotent(options));
      if (reply?.success !== true) throw new ApiError(CONTACT_ERROR_MESSAGE);
      return reply;
    },
    listContacts: (query: PageQuery = {}) => call<PageReply<Contact>>('GET', `/api/contacts?${pageQuery(query)}`, undefined, authorized()),

    createQuote: (input: QuoteInput, options: WriteOptions = {}) =>
      call<ApiSuccess<Quote>>('POST', '/api/quotes', input, idempotent(options)),
    listQuotes: (query: PageQuery = {}) => call<PageReply<Quote>>('GET', `/api/quotes?${pageQuery(query)}`, undefined, authorized()),
    getQuote: (id: string) => call<ApiSuccess<Quote>>('GET', `/api/quotes/${encodeURIComponent(id)}`, undefined, authorized()),
  };
}
