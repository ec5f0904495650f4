import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiFailure } from '../shared/api-types';
import { RateLimitedError } from './api/rate-limit';
import { DatabaseUnavailableError } from './db/repository';
import type { Logger } from './logger';

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ success: false, message: 'Recurso não encontrado.' } satisfies ApiFailure);
};

/** Portuguese messages for what body-parser, the rate limit and the database can throw at a request. */
function describe(error: unknown): { status: number; message: string } {
  if (error instanceof RateLimitedError) return { status: error.status, message: error.message };
  if (error instanceof DatabaseUnavailableError) {
    return { status: 503, message: 'Serviço temporariamente indisponível. Tente novamente em instantes.' };
  }
  const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
  switch (type) {
    case 'entity.too.large':
    case 'parameters.too.many':
      return { status: 413, message: 'O conteúdo enviado excede o limite de 16 KB.' };
    case 'entity.parse.failed':
      return { status: 400, message: 'JSON malformado: verifique o corpo da requisição.' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, message: 'Codificação não suportada: envie o conteúdo em UTF-8.' };
    case 'request.aborted':
    case 'request.size.invalid':
      return { status: 400, message: 'A requisição foi interrompida ou está incompleta.' };
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: status === 404 ? 'Recurso não encontrado.' : 'Requisição inválida.' };
  }
  return { status: 500, message: 'Erro interno. Tente novamente mais tarde.' };
}

/**
 * Replaces Express's default handler, which prints stacks when NODE_ENV is unset.
 * API clients always get JSON; everything else gets a short plain-text reply.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    const { status, message } = describe(error);
    if (status >= 500) logger.error({ err: error, method: req.method, path: req.path }, 'erro ao atender a requisição');
    if (res.headersSent) return next(error);
    if (req.path.startsWith('/api/')) {
      res.status(status).json({ success: false, message } satisfies ApiFailure);
      return;
    }
    res
      .status(status)
      .type('text/plain; charset=utf-8')
      .send(status === 404 ? 'Não encontrado' : message);
  };
}
