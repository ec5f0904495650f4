import express, { type Request } from 'express';

/** Largest body any endpoint accepts, whatever its content type. */
const BODY_LIMIT = '16kb';

/**
 * JSON for API clients, urlencoded for the form without JavaScript; any other type is
 * still read (up to the limit) so that an oversized body is a 413 before it is a 415.
 */
export const readBody = [
  express.json({ limit: BODY_LIMIT }),
  express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 50 }),
  express.raw({ type: () => true, limit: BODY_LIMIT }),
];

export type BodyKind = 'json' | 'form';

export function bodyKind(req: Request): BodyKind | undefined {
  if (req.is('application/json')) return 'json';
  if (req.is('application/x-www-form-urlencoded')) return 'form';
  return undefined;
}
