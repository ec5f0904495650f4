import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { PageReply } from '../../shared/api/types';
import { numberText } from '../../shared/number-text';
import type { ListResult } from '../db/results';
import { refuse, sendRefusal } from './refusals';
import { fieldErrors } from './validation';

/**
 * A whole number in a query string as people write one: decimal digits, from `min` to `max`, with
 * the Portuguese message for anything else. Number() would also read a sign, an exponent, hex, a
 * point or spaces ("?page=1e3&limit=0x10" as page 1000 and limit 16): none of them is a page number.
 */
function queryInteger(name: string, { min, max, fallback }: { min: number; max: number; fallback: number }) {
  const range = `de ${min} a ${numberText(max)}`;
  const message = `Use em ${name} um número inteiro ${range}, escrito só com algarismos.`;
  const digits = (value: unknown) => (typeof value === 'string' && /^[1-9][0-9]*$/.test(value) ? Number(value) : value);
  return z.preprocess(digits, z.int({ error: message }).min(min, message).max(max, message)).default(fallback);
}

/**
 * ?page&limit of every listing; the OpenAPI document is generated from it too. A million pages of
 * the largest size is a hundred million leads, far beyond any table here.
 */
export const pageQuerySchema = z.object({
  page: queryInteger('page', { min: 1, max: 1_000_000, fallback: 1 }),
  limit: queryInteger('limit', { min: 1, max: 100, fallback: 10 }),
});

/**
 * GET of one page, newest first, with the totals a client needs to page through; `list` has the
 * request, for the audit line it writes (server/module/audit.ts).
 */
export function listHandler<T>(
  list: (page: number, limit: number, req: Request, res: Response) => Promise<ListResult<T>>,
): RequestHandler {
  return async (req, res) => {
    const parsed = pageQuerySchema.safeParse({ page: req.query.page, limit: req.query.limit });
    if (!parsed.success) {
      sendRefusal(req, res, refuse('INVALID_PAGINATION', { errors: fieldErrors(parsed.error) }));
      return;
    }
    const { page, limit } = parsed.data;
    const { items, total } = await list(page, limit, req, res);
    res.json({
      success: true,
      data: items,
      pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
    } satisfies PageReply<T>);
  };
}
