import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { isLingering, lingeringClose } from './lingering-close';

// What Node's HTTP parser refuses before the app sees a request (docs/requirements.md §10.20): a
// request line or header it cannot parse, headers over its 16 KB, a request past its timeout.
// Node answers those itself with a bare status line; here they get the site's security headers
// and a short Portuguese text, and the connection lingers so that the reply is read.

type Refusal = { status: number; reason: string; text: string };

const REFUSALS: Record<string, Refusal> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    text: 'Os cabeçalhos da requisição são grandes demais. Limpe os cookies deste site e tente novamente.',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    reason: 'Content Too Large',
    text: 'O conteúdo enviado excede o limite de 16 KB.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    text: 'A requisição demorou demais para chegar. Tente novamente.',
  },
};
const BAD_REQUEST: Refusal = {
  status: 400,
  reason: 'Bad Request',
  text: 'Requisição inválida: o navegador ou programa enviou algo que o site não entende.',
};

/** The bytes of each reply, made once: none depends on the request. */
function replyBytes({ status, reason, text }: Refusal, headers: [string, string][]) {
  const body = Buffer.from(text);
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
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
  const replies = new Map(Object.entries(REFUSALS).map(([code, refusal]) => [code, replyBytes(refusal, headers)]));
  const badRequest = replyBytes(BAD_REQUEST, headers);
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
