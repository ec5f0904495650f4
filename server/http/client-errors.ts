import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { isLingering, lingeringClose } from './lingering-close';
import { REFUSALS, type RefusalCode } from './refusals';

// What Node's HTTP parser refuses before the app sees a request (docs/requirements.md §10.20): a
// request line or header it cannot parse, headers over its 16 KB, a request past its timeout.
// Node answers those itself with a bare status line; here they get the catalogue's Portuguese
// message (refusals.ts), the site's security headers, and a lingering close so that they are read.

/** Node's error codes and the catalogued refusal each gets; any other parse error is a 400. */
const REFUSED_AS: Record<string, RefusalCode> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'BODY_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

/** The bytes of a refusal's reply, made once: none depends on the request (no path: plain text). */
function replyBytes(code: RefusalCode, headers: [string, string][]) {
  const { status, message } = REFUSALS[code];
  const body = Buffer.from(message as string);
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${body.length}`,
    'Cache-Control: no-store',
    'Connection: close',
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

/**
 * The HTTP server's 'clientError' listener. `replying` says which response, if any, is being
 * written on a socket: once one has begun, another reply would corrupt it, and the socket is
 * only closed (as Node does). A socket already lingering has had its reply.
 */
export function clientErrorReplies(
  headers: [string, string][],
  replying: (socket: Socket) => ServerResponse | undefined,
) {
  const replies = new Map(Object.entries(REFUSED_AS).map(([error, code]) => [error, replyBytes(code, headers)]));
  const badRequest = replyBytes('BAD_REQUEST', headers);
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (isLingering(socket)) return;
    if (error.code === 'ECONNRESET' || !socket.writable || replying(socket)?.headersSent) {
      socket.destroy();
      return;
    }
    socket.write(replies.get(error.code ?? '') ?? badRequest);
    lingeringClose(socket);
  };
}
