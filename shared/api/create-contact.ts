import type { ContactInput } from '../contact';
import { ApiError, type Connection, idempotencyHeader, requestJson, type WriteOptions } from './request';
import type { ApiSuccess, Created } from './types';

const CONTACT_ERROR_MESSAGE = 'Erro ao enviar solicitação';

/**
 * POST /api/contacts, the one call the page makes (docs/requirements.md §7.2): a module of its
 * own, so the page's bundle carries none of the other calls or the admin credential.
 */
export async function createContact(input: ContactInput, options: WriteOptions = {}, connection: Connection = {}) {
  const reply = await requestJson<ApiSuccess<Created>>(
    connection,
    'POST',
    '/api/contacts',
    input,
    idempotencyHeader(options),
  );
  if (reply?.success !== true) throw new ApiError(CONTACT_ERROR_MESSAGE);
  return reply;
}
