import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Why a connection was closed to make room for a new one: the label of site_connections_evicted_total. */
export const EVICTION_REASONS = ['stalled_headers', 'idle', 'waiting_headers'] as const;
export type EvictionReason = (typeof EVICTION_REASONS)[number];

/**
 * How long a connection may wait for its request's headers before it is the first to go at the cap
 * (docs/decisions/041-eviction-at-the-cap.md). A browser sends them in one packet as soon as it has
 * connected; a phone on a bad network whose packet is lost once is resent it after the 1 s initial
 * retransmission timeout (RFC 6298), well within this. Below Node's own headers timeout (5 s,
 * lifecycle.ts), which still ends every stalled request.
 */
export const STALLED_HEADERS_MS = 2_000;
/**
 * How often, at most, and only when a connection must make room, the idle ones are checked for the
 * first bytes of a next request: Node's parser reads the socket itself, so no 'data' event tells us
 * (a listener would take the reading back from it); `bytesRead` does, for the cost of a look.
 */
const BEGUN_CHECK_MS = 1_000;

const first = (sockets: Set<Socket>) => sockets.values().next().value;

type Tracked = {
  /** Called for each new connection closed at once because `max` are open and none may go (the metrics). */
  onRefused: () => void;
  /** Called for each open connection closed to make room for a new one, with why it was the one. */
  onEvicted: (reason: EvictionReason) => void;
};

type Connection = {
  /** Its requests whose headers arrived and that are not yet answered (more than one when pipelined). */
  busy: number;
  /** The reply being written. */
  replying?: ServerResponse;
  /** When it began to wait for headers (connected, its last reply ended, or its next request seen begun). */
  since: number;
  /** `bytesRead` when its last reply ended: more since means its next request has begun. */
  readBefore: number;
};

/**
 * The connection cap MAX_CONNECTIONS (docs/requirements.md §10.20). When a new connection would pass
 * `max`, the open one least likely a visitor's is closed to make room: first one stalled in its
 * headers for STALLED_HEADERS_MS or more (the longest stalled first), which no real client does;
 * then the one idle the longest between two requests, as nginx closes its reusable connections
 * first; then the one waiting the longest for its headers, however young, since a flood that reopens
 * every socket it loses keeps them all young, and a refusal is a certain loss (before the idle ones
 * when more than half the cap waits for headers). Only when every
 * connection's request headers have all arrived (answered, or its body arriving) is the new one
 * closed. Node's own `maxConnections` could only close the new one.
 *
 * Returns the response in flight on a socket, if any: the 'clientError' reply needs to know.
 */
export function capConnections(server: Server, max: number, { onRefused, onEvicted }: Tracked) {
  const connections = new Map<Socket, Connection>();
  // Waiting for headers, each Set in the order its members began to wait (a Set keeps insertion order):
  /** Connected, no request's headers yet: stalled since it connected, whether it sent a byte or not. */
  const opened = new Set<Socket>();
  /** Kept alive after a reply, no byte since (as last checked). */
  const idle = new Set<Socket>();
  /** Kept alive after a reply, its next request begun (seen at `since`) and its headers not complete. */
  const begun = new Set<Socket>();
  let checkedAt = Number.NEGATIVE_INFINITY;

  /** Moves the idle connections that have since received bytes to `begun`; true if `socket` was one. */
  const hasBegun = (socket: Socket, now: number) => {
    const connection = connections.get(socket);
    if (!connection || socket.bytesRead === connection.readBefore) return false;
    idle.delete(socket);
    connection.since = now;
    begun.add(socket);
    return true;
  };

  const since = (socket: Socket | undefined) => (socket && connections.get(socket)?.since) ?? Infinity;
  const older = (a: Socket | undefined, b: Socket | undefined) => (since(a) <= since(b) ? a : b);
  /** Each Set's first member is its longest waiting; the older of the two is the longest waiting of all. */
  const longestWaiting = () => older(first(opened), first(begun));
  const victim = (now: number): [Socket, EvictionReason] | undefined => {
    if (now - checkedAt >= BEGUN_CHECK_MS) {
      checkedAt = now;
      for (const socket of idle) hasBegun(socket, now);
    }
    const stalled = longestWaiting();
    if (stalled && now - since(stalled) >= STALLED_HEADERS_MS) return [stalled, 'stalled_headers'];
    // More than half the cap waiting for headers is a flood, never a crowd of browsers (each waits one
    // round trip): then an idle connection, perhaps a visitor's own between two pages, is kept.
    if (stalled && opened.size + begun.size > max / 2) return [stalled, 'waiting_headers'];
    for (const socket of idle) if (!hasBegun(socket, now)) return [socket, 'idle'];
    // Asked again: the idle ones just found begun may be the only ones waiting.
    const waiting = longestWaiting();
    return waiting && [waiting, 'waiting_headers'];
  };

  const forget = (socket: Socket) => {
    connections.delete(socket);
    opened.delete(socket) || idle.delete(socket) || begun.delete(socket);
  };

  server.on('connection', (socket: Socket) => {
    if (connections.size >= max) {
      const chosen = victim(performance.now());
      if (!chosen) {
        socket.destroy();
        onRefused();
        return;
      }
      const [evicted, reason] = chosen;
      forget(evicted);
      evicted.destroy();
      onEvicted(reason);
    }
    connections.set(socket, { busy: 0, since: performance.now(), readBefore: 0 });
    opened.add(socket);
    socket.once('close', () => forget(socket));
  });

  server.on('request', (req, res: ServerResponse) => {
    const { socket } = req;
    const connection = connections.get(socket);
    if (!connection) return;
    opened.delete(socket) || idle.delete(socket) || begun.delete(socket);
    connection.busy++;
    connection.replying ??= res;
    // 'close' comes once per response; a plain listener costs less than once()'s wrapper, and this runs
    // for every request (docs/performance.md, GET /'s throughput).
    res.on('close', () => {
      connection.busy--;
      if (connection.replying === res) connection.replying = undefined;
      if (connection.busy > 0 || socket.destroyed || socket.writableEnded) return;
      connection.since = performance.now();
      connection.readBefore = socket.bytesRead;
      idle.add(socket);
    });
  });

  return {
    /** The response being written on `socket` now, if any. */
    replying: (socket: Socket) => connections.get(socket)?.replying,
  };
}
