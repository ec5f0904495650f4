import type { Request, RequestHandler } from 'express';
import getRawBody from 'raw-body';
import { BODY_LIMIT_BYTES } from './body-limit';
import { parseForm } from './form-body';
import { refuse } from './refusals';

export type BodyKind = 'json' | 'form';

export function bodyKind(req: Request): BodyKind | undefined {
  if (req.is('application/json')) return 'json';
  if (req.is('application/x-www-form-urlencoded')) return 'form';
  return undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

const charset = (req: Request) => /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(req.get('Content-Type') ?? '')?.[1];

function parse(kind: BodyKind, raw: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw refuse('INVALID_TEXT');
  }
  if (kind === 'form') return parseForm(text);
  try {
    return JSON.parse(text);
  } catch {
    throw refuse('INVALID_JSON');
  }
}

/**
 * Reads the body of a write into req.body: JSON for API clients, the form without JavaScript
 * (docs/requirements.md §10.8, §10.12). Any other type is read too, so that an oversized body is
 * a 413 before it is a 415. Reading stops at the limit (raw-body; body-parser would read on to
 * the end before its 413), and the reply closes the connection (server/http/errors.ts).
 */
export const readBody: RequestHandler = async (req, _res, next) => {
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return next();
  if ((req.get('Content-Encoding') ?? 'identity').toLowerCase() !== 'identity')
    return next(refuse('UNSUPPORTED_CONTENT_ENCODING'));
  if (!['utf-8', 'utf8', undefined].includes(charset(req)?.toLowerCase())) return next(refuse('UNSUPPORTED_CHARSET'));
  let raw: Buffer;
  try {
    raw = await getRawBody(req, { length: req.headers['content-length'], limit: BODY_LIMIT_BYTES });
  } catch (error) {
    const tooLarge = (error as { type?: unknown }).type === 'entity.too.large';
    if (tooLarge) return next(refuse('BODY_TOO_LARGE'));
    return next(refuse('INCOMPLETE_BODY'));
  }
  const kind = bodyKind(req);
  try {
    if (kind) req.body = parse(kind, raw);
  } catch (error) {
    return next(error);
  }
  next();
};
