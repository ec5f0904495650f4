import { HONEYPOT_FIELD } from '../../shared/contact-form';

/**
 * Whether a bot filled the field people never see (docs/requirements.md §10.9): any value of any
 * type but an empty or blank string, and the field sent more than once (an array, from the form)
 * whatever its values. null counts as absent, as a JSON client may send it for "no value".
 */
export function trapped(body: unknown) {
  if (typeof body !== 'object' || body === null) return false;
  const trap = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return trap !== undefined && trap !== null && !(typeof trap === 'string' && trap.trim() === '');
}
