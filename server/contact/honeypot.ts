import { randomUUID } from 'node:crypto';
import type { Created } from '../../shared/api-types';
import { HONEYPOT_FIELD } from '../../shared/contact-form';

/** Whether a bot filled the field people never see (docs/requirements.md §10.9). */
export function trapped(body: unknown) {
  const trap = (body as Record<string, unknown> | undefined)?.[HONEYPOT_FIELD];
  return typeof trap === 'string' && trap.trim() !== '';
}

/** What a trapped post is told was stored: the shape of a real record, so the bot learns nothing. */
export const decoy = (): Created => ({ id: randomUUID(), createdAt: new Date().toISOString() });
