import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { ApiFailure } from '../../shared/api/types';

const BEARER = /^Bearer +(\S+) *$/i;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Guards the reads of personal data (LGPD): `Authorization: Bearer <ADMIN_TOKEN>`.
 * Comparing SHA-256 digests keeps timingSafeEqual's lengths equal, so neither the token's
 * content nor its length leaks through the response time.
 */
export function requireAdmin(adminToken: string | undefined): RequestHandler {
  const expected = adminToken === undefined ? undefined : digest(adminToken);
  return (req, res, next) => {
    // Personal data: no proxy or browser cache may keep these replies, errors included.
    res.set('Cache-Control', 'no-store');
    if (!expected) {
      res.status(403).json(readsDisabled);
      return;
    }
    const token = BEARER.exec(req.get('Authorization') ?? '')?.[1];
    if (!token || !timingSafeEqual(digest(token), expected)) {
      res.status(401).set('WWW-Authenticate', 'Bearer').json(unauthorized);
      return;
    }
    next();
  };
}

const readsDisabled: ApiFailure = {
  success: false,
  message: 'Consultas desativadas: defina ADMIN_TOKEN no servidor para habilitar a leitura de contatos e cotações.',
};

const unauthorized: ApiFailure = {
  success: false,
  message: 'Credencial ausente ou inválida: envie o cabeçalho Authorization: Bearer <token>.',
};
