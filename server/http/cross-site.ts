import type { RequestHandler } from 'express';
import { refuse } from './refusals';

/**
 * Refuses a write a browser sent from another site (docs/requirements.md §10.11): any page could
 * otherwise make its visitors' browsers post leads, each from its own address, past the per-IP
 * limits. A browser says where a request comes from in Sec-Fetch-Site (same-origin, or none when
 * a person made it) or, if it is older, in Origin, compared with PUBLIC_URL and not with the
 * request's own address: behind a TLS-terminating proxy the app sees http while the page was https.
 * Without either header (curl, another server) the write is no browser's and goes through.
 */
export function refuseCrossSite(publicUrl: URL): RequestHandler {
  return (req, _res, next) => {
    const site = req.get('Sec-Fetch-Site');
    const origin = req.get('Origin');
    const fromHere =
      site !== undefined
        ? site === 'same-origin' || site === 'none'
        : origin === undefined || origin === publicUrl.origin;
    next(fromHere ? undefined : refuse('CROSS_SITE'));
  };
}
