import type { Contact } from '../contact';
import type { Quote, QuoteInput } from '../quote';
import { createContact } from './create-contact';
import { type Connection, idempotencyHeader, requestJson, type WriteOptions } from './request';
import type { ApiSuccess, Erased, PageQuery, PageReply, SubjectData } from './types';

export type ApiClientOptions = Connection & {
  /** The credential for the protected calls (listings, a quote by id, the subject requests). */
  adminToken?: string;
};

/** Every call of docs/requirements.md §7.2, for scripts and servers; the page imports createContact alone. */
export function createApiClient({ adminToken, ...connection }: ApiClientOptions = {}) {
  const authorized = (): Record<string, string> => (adminToken ? { Authorization: `Bearer ${adminToken}` } : {});
  const read = <T>(path: string) => requestJson<T>(connection, 'GET', path, undefined, authorized());
  const pageQuery = ({ page = 1, limit = 10 }: PageQuery) => `page=${page}&limit=${limit}`;
  const subject = (email: string) => `/api/subjects?email=${encodeURIComponent(email)}`;

  return {
    health: () => requestJson<{ status: string }>(connection, 'GET', '/health'),
    createContact: (input: Parameters<typeof createContact>[0], options?: WriteOptions) =>
      createContact(input, options, connection),
    listContacts: (query: PageQuery = {}) => read<PageReply<Contact>>(`/api/contacts?${pageQuery(query)}`),
    createQuote: (input: QuoteInput, options: WriteOptions = {}) =>
      requestJson<ApiSuccess<Quote>>(connection, 'POST', '/api/quotes', input, idempotencyHeader(options)),
    listQuotes: (query: PageQuery = {}) => read<PageReply<Quote>>(`/api/quotes?${pageQuery(query)}`),
    getQuote: (id: string) => read<ApiSuccess<Quote>>(`/api/quotes/${encodeURIComponent(id)}`),
    /** Everything stored under `email` (LGPD art. 18: confirmation and access). */
    readSubject: (email: string) => read<ApiSuccess<SubjectData>>(subject(email)),
    /** Erases it all (LGPD art. 18: deletion). */
    eraseSubject: (email: string) =>
      requestJson<ApiSuccess<Erased>>(connection, 'DELETE', subject(email), undefined, authorized()),
  };
}
