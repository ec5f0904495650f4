// Where a member goes back to once signed in (docs/requirements.md §6.4): the lead an e-mail linked to, opened while
// signed out. It rides along the sign-in as the `volta` parameter, through the passkey's JSON and
// the code's forms, and is read only through safeReturnPath: a redirect to wherever a link says is
// an open redirect (OWASP, "Unvalidated Redirects and Forwards"; ASVS 5.0 1.3.x, 3.x).

/** The parameter's name on /entrar, /entrar/codigo, /entrar/codigo/confirmar and /painel/conta. */
export const RETURN_PARAM = 'volta';

/** Where sign-in leads when no return path was given, or one was refused. */
export const HOME = '/painel';

/** Long enough for any workplace URL with a view's filters; a longer one is not ours. */
const MAX_LENGTH = 1000;
const BASE = 'http://workplace.invalid';

/**
 * `value` as a path of the workplace to redirect to, or undefined. Only a relative path under
 * /painel qualifies: not an absolute or scheme-relative URL, no backslash (which browsers read as
 * a slash, so '/\evil.com' is '//evil.com'), no control character or space, and what the URL parser
 * makes of it (dot segments resolved) must still be on this site under /painel, with no encoded dot,
 * slash or backslash in its path. The path returned
 * is the parser's, so nothing it did not understand reaches the Location header.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u0020\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE || !(url.pathname === HOME || url.pathname.startsWith(`${HOME}/`))) return undefined;
  // An encoded dot, slash or backslash in the path is no path of ours, and a server or proxy that
  // decoded it would see another one.
  if (/%(2e|2f|5c)/i.test(url.pathname)) return undefined;
  return `${url.pathname}${url.search}`;
}

/**
 * `path` with the return path as its `volta`, when there is one worth carrying: none for the
 * panel's home, where sign-in leads anyway.
 */
export function withReturn(path: string, back: string | undefined) {
  if (!back || back === HOME) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ [RETURN_PARAM]: back })}`;
}
