import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiFailure } from '../../shared/api/types';
import { DatabaseUnavailableError } from '../db/database';
import type { Logger } from '../process/logger';
import { BodyTooLargeError } from './body-limit';
import { MethodNotAllowed } from './methods';
import { RequestRefused } from './refused';

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ success: false, message: 'Recurso não encontrado.' } satisfies ApiFailure);
};

/** The status and Portuguese message of what a request can run into on its way. */
function describe(error: unknown): { status: number; message: string } {
  if (error instanceof RequestRefused || error instanceof BodyTooLargeError || error instanceof MethodNotAllowed)
    return { status: error.status, message: error.message };
  if (error instanceof DatabaseUnavailableError) {
    return { status: 503, message: 'Serviço temporariamente indisponível. Tente novamente em instantes.' };
  }
  // Express's own, such as a route parameter that does not decode.
  const { status } = (error ?? {}) as { status?: unknown };
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
    if (status >= 500) {
      logger.error({ err: error, method: req.method, path: req.path }, 'erro ao atender a requisição');
    }
    if (res.headersSent) return next(error);
    if (error instanceof MethodNotAllowed) res.set('Allow', error.allow);
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
