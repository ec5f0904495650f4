import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

// A refusal sent while the body is still arriving must reach the client. Closing a socket with
// unread bytes in its buffer makes the kernel send RST, and a client that has not read the reply
// yet loses it ("connection reset" instead of the 413). So, as nginx's lingering_close does, the
// server half-closes after the reply and reads and throws away what still comes, for a bounded
// time and size, before closing (docs/requirements.md §10.12).

/** nginx's lingering_timeout: the longest wait for the client's next bytes. */
const LINGER_IDLE_MS = 5_000;
/**
 * The longest linger in all. nginx's lingering_time is 30 s; here a request has 10 s in all
 * (server/process/lifecycle.ts), so no linger outlives it.
 */
const LINGER_MAX_MS = 10_000;
/**
 * nginx bounds the time alone. A client writing as fast as it can on a fast link sends this in well
 * under a second: long after it could have read the reply, short of keeping a core busy for 10 s.
 */
const LINGER_MAX_BYTES = 64 * 1024 * 1024;
/** How often a lingering socket's progress is looked at. */
const CHECK_MS = 100;

const lingering = new WeakSet<Socket>();

/** Whether `socket` sent its last reply and is being read to its end: its parse errors and timeouts need no reply. */
export const isLingering = (socket: Socket) => lingering.has(socket);

/**
 * Ends `socket` (the reply already written goes out first, then FIN) and reads what still comes
 * until the client closes, or stops sending for LINGER_IDLE_MS, or past LINGER_MAX_MS or
 * LINGER_MAX_BYTES; then closes it. Whatever reads the socket goes on reading: Node's HTTP parser,
 * which discards the rest of a body nobody reads, or the `resume()` below when it no longer does.
 */
export function lingeringClose(socket: Socket) {
  if (socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  socket.end();
  socket.resume();
  const started = Date.now();
  let read = socket.bytesRead;
  let lastRead = started;
  const check = setInterval(() => {
    const now = Date.now();
    if (socket.bytesRead !== read) [read, lastRead] = [socket.bytesRead, now];
    if (now - lastRead >= LINGER_IDLE_MS || now - started >= LINGER_MAX_MS || read >= LINGER_MAX_BYTES)
      socket.destroy();
  }, CHECK_MS);
  check.unref();
  // The client has sent all it will: nothing is left to be reset.
  socket.once('end', () => socket.destroy());
  socket.once('close', () => clearInterval(check));
}

/**
 * Makes the close that follows `req`'s reply (it was sent `Connection: close`) a lingering one
 * when the request's body has not all arrived by then. Node closes such a socket with
 * `destroySoon()` once the reply is written; the same call on this socket now lingers first.
 */
export function lingerAfterReply(req: IncomingMessage) {
  const { socket } = req;
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => (req.complete ? destroySoon() : lingeringClose(socket));
}
