import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

type Tracked = {
  /** Called for each new connection closed at once because `max` are open and none is idle (the metrics). */
  onRefused: () => void;
};

/**
 * The connection cap MAX_CONNECTIONS (docs/requirements.md §10.20), idle keep-alive connections
 * first: when a new connection would pass `max`, the one idle the longest (its last reply sent,
 * no request since) is closed to make room, as nginx does when it runs out of connections; only
 * when none is idle is the new one closed. So 1,500 sockets left idle after one request each no
 * longer shut out the next visitor until they time out. Node's own `maxConnections` could only
 * close the new one.
 *
 * Returns the response in flight on a socket, if any: the 'clientError' reply needs to know.
 */
export function capConnections(server: Server, max: number, { onRefused }: Tracked) {
  let open = 0;
  /** Idle sockets, the longest idle first (a Set keeps insertion order). */
  const idle = new Set<Socket>();
  /** Per open socket: its requests not yet answered (more than one when pipelined), and the reply being written. */
  const states = new Map<Socket, { busy: number; replying?: ServerResponse }>();

  server.on('connection', (socket: Socket) => {
    open++;
    states.set(socket, { busy: 0 });
    socket.once('close', () => {
      open--;
      idle.delete(socket);
      states.delete(socket);
    });
    if (open <= max) return;
    const oldest = idle.values().next().value;
    if (oldest) {
      idle.delete(oldest);
      oldest.destroy();
    } else {
      socket.destroy();
      onRefused();
    }
  });

  server.on('request', (req, res: ServerResponse) => {
    const { socket } = req;
    const state = states.get(socket);
    if (!state) return;
    idle.delete(socket);
    state.busy++;
    state.replying ??= res;
    // 'close' comes once per response; a plain listener costs less than once()'s wrapper (one of four
    // trims that took GET / from 0.72 to 0.75 of the bare handler, docs/performance.md).
    res.on('close', () => {
      state.busy--;
      if (state.replying === res) state.replying = undefined;
      if (state.busy === 0 && !socket.destroyed && !socket.writableEnded) idle.add(socket);
    });
  });

  return {
    /** The response being written on `socket` now, if any. */
    replying: (socket: Socket) => states.get(socket)?.replying,
  };
}
