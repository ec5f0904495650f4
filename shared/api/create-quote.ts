import type { Quote, QuoteInput } from '../quote';
import { ApiError, type Connection, idempotencyHeader, requestJson, type WriteOptions } from './request';
import type { ApiSuccess } from './types';

const QUOTE_ERROR_MESSAGE = 'Erro ao enviar o pedido de cotação';

/**
 * POST /api/quotes, the one call the quote form makes (docs/requirements.md §7.2): a module of its
 * own, as createContact is, so /cotacao's bundle carries no other call.
 */
export async function createQuote(input: QuoteInput, options: WriteOptions = {}, connection: Connection = {}) {
  const reply = await requestJson<ApiSuccess<Quote>>(
    connection,
    'POST',
    '/api/quotes',
    input,
    idempotencyHeader(options),
  );
  if (reply?.success !== true) throw new ApiError(QUOTE_ERROR_MESSAGE);
  return reply;
}
