import { PROPOSAL_PATH_PREFIX } from '../../shared/proposal';

// What a client wrote, made safe for one JSON log line (docs/requirements.md §11.3). JSON escapes C0
// controls, but a reader that decodes the line (jq -r, pino-pretty) gives them back raw to a
// terminal, and C1 controls (U+0080–U+009F: CSI, NEL) are written raw even in the JSON. Each
// becomes visible text instead, as nginx's access log writes "\x1B"; and the text is cut.

/** A browser's user agent is a few hundred characters, a page's path far less: no request writes kilobytes of log. */
export const LOGGED_TEXT_MAX = 512;

/** Unicode's control characters (Cc): C0, DEL and C1. */
const CONTROL = /\p{Cc}/u;
const CONTROLS = /\p{Cc}/gu;
const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * `text` cut to LOGGED_TEXT_MAX characters, every control character written as "\u009b". The test
 * comes first: a string without one, every well-behaved request's, is returned as it is, and a
 * hostile one costs the escaping of its first LOGGED_TEXT_MAX characters only
 * (bench/bench-log-text.ts measures both).
 */
export function loggedText(text: string): string;
export function loggedText(text: string | undefined): string | undefined;
export function loggedText(text: string | undefined) {
  if (text === undefined) return undefined;
  const cut = text.length > LOGGED_TEXT_MAX ? text.slice(0, LOGGED_TEXT_MAX) : text;
  return CONTROL.test(cut) ? cut.replace(CONTROLS, escaped) : cut;
}

/** "scheme://user:password@" of an absolute-form target: only proxies are sent one, and never a password. */
const CREDENTIALS = /^([a-z][a-z\d+.-]*:\/\/)[^/?#]*@/i;

/**
 * A proposal link's token, in any letter case (the route matches any), and whatever follows it but
 * an action's name (/aceitar): a link in a log would open what decision 047 keeps only a digest of,
 * and a client may repeat the token further on. The team's invitation and setup links carry theirs
 * in the query, which no log line holds. deploy/haproxy/haproxy.cfg writes the proxy's log alike.
 */
const SECRET_LINK = new RegExp(`${PROPOSAL_PATH_PREFIX}[^/]*(/[a-z]*)?.*`, 'i');

/** The path a request line names, as logged: without its query, its credentials, a link's token, and cut. */
export function loggedPath(target: string) {
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  const safe = path.startsWith('/') ? path : path.replace(CREDENTIALS, '$1');
  return loggedText(safe.replace(SECRET_LINK, `${PROPOSAL_PATH_PREFIX}:token$1`));
}
