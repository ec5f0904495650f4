import { Router } from 'express';
import { z } from 'zod';
import type { ApiFailure, ApiSuccess } from '../../shared/api-types';
import { quoteInputSchema, type Quote } from '../../shared/quote';
import type { Repository } from '../db/repository';
import { requireAdmin } from './admin';
import { readBody } from './body';
import { createHandler } from './create';
import { listHandler } from './listing';

export const QUOTE_CREATED_MESSAGE = 'Solicitação de cotação recebida!';

export const quoteIdSchema = z.uuid();

export function quotesRouter(repository: Repository, adminToken: string | undefined) {
  const router = Router();
  const admin = requireAdmin(adminToken);

  router.post(
    '/',
    ...readBody,
    createHandler({ schema: quoteInputSchema, create: (fields, idempotency) => repository.createQuote(fields, idempotency), createdMessage: QUOTE_CREATED_MESSAGE }),
  );
  router.get('/', admin, listHandler((page, limit) => repository.listQuotes(page, limit)));
  router.get('/:id', admin, async (req, res) => {
    const id = quoteIdSchema.safeParse(req.params.id);
    if (!id.success) {
      res.status(400).json(invalidId);
      return;
    }
    const quote = await repository.getQuote(id.data);
    if (!quote) {
      res.status(404).json(notFound);
      return;
    }
    res.json({ success: true, message: 'Cotação encontrada.', data: quote } satisfies ApiSuccess<Quote>);
  });

  return router;
}

const invalidId: ApiFailure = { success: false, message: 'Identificador inválido: use o UUID devolvido ao criar a cotação.' };
const notFound: ApiFailure = { success: false, message: 'Cotação não encontrada.' };
