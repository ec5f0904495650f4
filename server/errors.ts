import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from './logger';

export type ApiFailure = { success: false; message: string; errors?: Record<string, string> };

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ success: false, message: 'Recurso não encontrado.' } satisfies ApiFailure);
};

/**
 * Replaces Express's default handler, which prints stacks when NODE_ENV is unset.
 * API clients always get JSON; everything else gets a short plain-text reply.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    const status = httpStatusOf(error);
    if (status >= 500) logger.error({ err: error, method: req.method, path: req.path }, 'erro não tratado');
    if (res.headersSent) return next(error);
    if (req.path.startsWith('/api/')) {
      const message = status >= 500 ? 'Erro interno. Tente novamente mais tarde.' : 'Requisição inválida.';
      res.status(status).json({ success: false, message } satisfies ApiFailure);
      return;
    }
    res.status(status).type('text/plain; charset=utf-8').send(status === 404 ? 'Não encontrado' : 'Erro');
  };
}

function httpStatusOf(error: unknown): number {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}
