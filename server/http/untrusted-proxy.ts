import type { RequestHandler } from 'express';
import type { Logger } from '../process/logger';

/**
 * Behind a proxy with TRUST_PROXY unset, every visitor has the proxy's address: they all share one
 * rate-limit bucket, and the access log names the proxy. Nothing fails, so it is said once, with
 * the fix. TRUST_PROXY=0 is a choice, and says nothing.
 */
export function warnUntrustedProxy(logger: Logger): RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    if (!warned && req.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      logger.warn(
        'X-Forwarded-For recebido, mas TRUST_PROXY não está definido: todos os clientes atrás do proxy ' +
          'dividem o mesmo limite de envios e aparecem no log com o endereço do proxy. Defina TRUST_PROXY ' +
          'com o número de proxies à frente do site (TRUST_PROXY=1 para um), ou TRUST_PROXY=0 para calar este aviso.',
      );
    }
    next();
  };
}
