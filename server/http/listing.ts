import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { ApiFailure, PageReply } from '../../shared/api-types';
import type { ListResult } from '../db/repository';
import { fieldErrors } from './validation';

const PAGE_MESSAGE = 'Use em page um número inteiro maior ou igual a 1.';
const LIMIT_MESSAGE = 'Use em limit um número inteiro de 1 a 100.';

/** ?page&limit of every listing; the OpenAPI document is generated from it too. */
export const pageQuerySchema = z.object({
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).default(1),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(100, LIMIT_MESSAGE)
    .default(10),
});

/** GET of one page, newest first, with the totals a client needs to page through. */
export function listHandler<T>(list: (page: number, limit: number) => Promise<ListResult<T>>): RequestHandler {
  return async (req, res) => {
    const parsed = pageQuerySchema.safeParse({ page: req.query.page, limit: req.query.limit });
    if (!parsed.success) {
      res.status(400).json({
        success: false,
        message: 'Parâmetros de paginação inválidos.',
        errors: fieldErrors(parsed.error),
      } satisfies ApiFailure);
      return;
    }
    const { page, limit } = parsed.data;
    const { items, total } = await list(page, limit);
    res.json({
      success: true,
      data: items,
      pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
    } satisfies PageReply<T>);
  };
}
