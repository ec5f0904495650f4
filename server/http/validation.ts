import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { z } from 'zod';
import type { IdempotencyKey } from '../db/results';

/** One Portuguese message per field; a body that is not an object is reported as such. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
    errors[field] ??= issue.path.length > 0 ? issue.message : 'O corpo da requisição deve ser um objeto JSON.';
  }
  return errors;
}

/** 1 to 255 visible ASCII characters: a UUID, say (docs/requirements.md §10.3). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Reads Idempotency-Key; the fingerprint ties the key to the validated content. */
export function idempotencyKey(req: Request, content: unknown): IdempotencyKey | undefined | 'invalid' {
  const key = req.get('Idempotency-Key');
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return 'invalid';
  return { key, fingerprint: createHash('sha256').update(JSON.stringify(content)).digest('hex') };
}
