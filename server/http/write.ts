import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { ApiSuccess } from '../../shared/api/types';
import type { CreateResult, IdempotencyKey } from '../db/results';
import { refuse, sendRefusal } from './refusals';
import { fieldErrors, idempotencyKey } from './validation';

type Store<S extends z.ZodType, T> = (
  fields: z.output<S>,
  idempotency: IdempotencyKey | undefined,
) => Promise<CreateResult<T>>;

/** What became of a write: refused before storing, or stored (now or by an earlier request with its key). */
export type WriteOutcome<T> =
  | { outcome: 'invalid'; errors: Record<string, string> }
  | { outcome: 'invalid-key' }
  | CreateResult<T>;

/** The one write flow of the API: validation → Idempotency-Key → store (docs/requirements.md §10.2, §10.3). */
export async function validateAndStore<S extends z.ZodType, T>(
  req: Request,
  schema: S,
  store: Store<S, T>,
): Promise<WriteOutcome<T>> {
  const parsed = schema.safeParse(req.body);
  if (!parsed.success) return { outcome: 'invalid', errors: fieldErrors(parsed.error) };
  const idempotency = idempotencyKey(req, parsed.data);
  if (idempotency === 'invalid') return { outcome: 'invalid-key' };
  return store(parsed.data, idempotency);
}

/**
 * A reply that repeats an earlier one says so, whatever its form: JSON or the form's 303
 * (docs/requirements.md §10.3).
 */
export function markReplay(res: Response, result: WriteOutcome<unknown>) {
  if (result.outcome === 'replayed') res.setHeader('Idempotent-Replayed', 'true');
}

/**
 * The JSON reply to a write: 201 with the record, or the failure with its status. Each may repeat
 * what the sender typed (a lead is personal data), so none is kept by a cache (RFC 9111 §5.2.2.5).
 */
export function replyJson<T>(req: Request, res: Response, result: WriteOutcome<T>, createdMessage: string) {
  res.setHeader('Cache-Control', 'no-store');
  markReplay(res, result);
  switch (result.outcome) {
    case 'invalid':
      sendRefusal(req, res, refuse('INVALID_FIELDS', { errors: result.errors }));
      return;
    case 'invalid-key':
      sendRefusal(req, res, refuse('INVALID_IDEMPOTENCY_KEY'));
      return;
  }
  res.status(201).json({ success: true, message: createdMessage, data: result.record } satisfies ApiSuccess<T>);
}
