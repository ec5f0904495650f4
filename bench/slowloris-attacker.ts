// The attacker of bench/slowloris.ts, in a process of its own so that its thousands of sockets do
// not slow the well-behaved client being timed. Told { port, mode, connections }, it holds that many
// sockets open (`mixed`: three in eight idle, the rest stalled), opening a new one whenever the server
// closes one; it reports how many are open every 250 ms, and on 'stop' closes them all and reports
// how long the server held each one.
import net from 'node:net';

export type Mode = 'headers' | 'idle' | 'mixed';
export type AttackerReport =
  | { open: number }
  | { done: true; maxOpen: number; held: number[]; refused: number; timedOut: number };

const send = (report: AttackerReport) => process.send?.(report);

const open = new Set<net.Socket>();
/** Every socket not yet closed, connected or still connecting: all are closed on 'stop'. */
const sockets = new Set<net.Socket>();
/** The open sockets whose headers never end: each gets one more byte a second. */
const stalling = new Set<net.Socket>();
const held: number[] = [];
let refused = 0;
let timedOut = 0;
let maxOpen = 0;
let stopped = false;

let opened = 0;

/** One socket; when the server closes it, the next takes its place until the attack stops. */
function attack(port: number, attackMode: Mode) {
  if (stopped) return;
  // Mixed: three sockets in eight left idle, the others stalled in their headers.
  const mode = attackMode === 'mixed' ? (opened++ % 8 < 3 ? 'idle' : 'headers') : attackMode;
  const socket = net.connect(port, '127.0.0.1');
  sockets.add(socket);
  let connectedAt = 0;
  let received = '';
  socket.setNoDelay(true);
  socket.on('error', () => {});
  socket.on('connect', () => {
    connectedAt = performance.now();
    open.add(socket);
    if (mode === 'headers') stalling.add(socket);
    maxOpen = Math.max(maxOpen, open.size);
    socket.write(
      mode === 'headers'
        ? 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Lento: '
        : 'GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n',
    );
  });
  socket.on('data', (data) => (received ||= String(data)));
  socket.on('close', () => {
    sockets.delete(socket);
    open.delete(socket);
    stalling.delete(socket);
    if (stopped) return;
    // Closed before a byte came back (headers mode), or before its one reply (idle mode): refused.
    if (received === '' || (mode === 'idle' && !received.startsWith('HTTP/1.1 200'))) refused += 1;
    else {
      if (received.startsWith('HTTP/1.1 408')) timedOut += 1;
      held.push(performance.now() - connectedAt);
    }
    // Not at once: a server that refuses at accept would otherwise meet a tight loop.
    setTimeout(() => attack(port, attackMode), 10);
  });
}

process.once('message', ({ port, mode, connections }: { port: number; mode: Mode; connections: number }) => {
  const drip = setInterval(() => {
    for (const socket of stalling) socket.write('a');
  }, 1_000);
  const reporter = setInterval(() => send({ open: open.size }), 250);
  void (async () => {
    for (let i = 0; i < connections; i++) {
      attack(port, mode);
      if (i % 200 === 199) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  process.once('message', () => {
    stopped = true;
    clearInterval(drip);
    clearInterval(reporter);
    // The connecting ones too: one still waiting for its SYN to be answered would keep this process alive.
    for (const socket of sockets) socket.destroy();
    // Disconnected once sent: the report outgrows the pipe's buffer after a long attack, and a
    // disconnect at once would drop it.
    process.send?.({ done: true, maxOpen, held, refused, timedOut } satisfies AttackerReport, () =>
      process.disconnect(),
    );
  });
});
