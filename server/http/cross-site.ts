import type { RequestHandler } from 'express';
import { refuse } from './refusals';

/**
 * Refuses a write a browser sent from another site (docs/requirements.md §10.11): any page could
 * otherwise make its visitors' browsers post leads, each from its own address, past the per-IP
 * limits. A browser says where a request comes from in Sec-Fetch-Site (same-origin, or none when
 * a person made it) or, if it is older, in Origin, compared with PUBLIC_URL and not with the
 * request's own address: behind a TLS-terminating proxy the app sees http while the page was https.
 * Every browser since 2019 sends Origin with a POST, and Sec-Fetch-Site since 2023 (Chromium 76,
 * Firefox 90, Safari 16.4); the site's own forms, JavaScript or not, carry both
 * (e2e/browser/cross-site.browser.test.ts). A write with neither is an older browser's, or no
 * browser's (curl, another server calling the API): it goes through, unless it names, in Referer,
 * a page of another site, which is an old browser posting a form another site made.
 */
export function refuseCrossSite(publicUrl: URL): RequestHandler {
  return (req, _res, next) => {
    const site = req.get('Sec-Fetch-Site');
    const origin = req.get('Origin');
    const referer = req.get('Referer');
    const fromHere =
      site !== undefined
        ? site === 'same-origin' || site === 'none'
        : origin !== undefined
          ? origin === publicUrl.origin
          : referer === undefined || originOf(referer) === publicUrl.origin;
    next(fromHere ? undefined : refuse('CROSS_SITE'));
  };
}

/** The origin a Referer names; none for one that is no URL. */
function originOf(referer: string) {
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
