import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DatabaseUnavailableError } from '../db/database';
import type { Logger } from '../process/logger';
import { Refusal, refuse, sendRefusal } from './refusals';

export const apiNotFound: RequestHandler = (req, res) => sendRefusal(req, res, refuse('NOT_FOUND'));

/** The catalogued refusal for what a request can run into on its way. */
function asRefusal(error: unknown): Refusal {
  if (error instanceof Refusal) return error;
  if (error instanceof DatabaseUnavailableError) return refuse('SERVICE_UNAVAILABLE');
  // Express's own, such as a route parameter that does not decode.
  const { status } = (error ?? {}) as { status?: unknown };
  if (status === 404) return refuse('NOT_FOUND');
  if (typeof status === 'number' && status >= 400 && status < 500) return refuse('BAD_REQUEST');
  return refuse('INTERNAL_ERROR');
}

/**
 * Replaces Express's default handler, which prints stacks when NODE_ENV is unset.
 * API clients always get JSON; everything else gets a short plain-text reply.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    const refusal = asRefusal(error);
    if (refusal.status >= 500) {
      logger.error({ err: error, method: req.method, path: req.path }, 'erro ao atender a requisição');
    }
    if (res.headersSent) return next(error);
    sendRefusal(req, res, refusal);
  };
}
