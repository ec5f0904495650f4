/**
 * A signal this soon after the first is a copy of it, not a decision: a process-group kill
 * (systemd's default KillMode, `kill -TERM -- -PGID`, Ctrl-C in a terminal) reaches both npm and
 * node, and npm forwards its own copy to node within milliseconds.
 */
const COPY_WINDOW_MS = 1_000;

/**
 * The first SIGTERM or SIGINT begins the shutdown. Repeats never force the exit, with one
 * exception: SIGTERM comes from automation (Docker, Kubernetes, systemd), which escalates to
 * SIGKILL on its own schedule, so its repeats are ignored and the shutdown timeout bounds the
 * wait; a SIGINT at least a second after the first is a person pressing Ctrl-C again, who wants
 * out now.
 */
export function onShutdownSignals(
  begin: (signal: NodeJS.Signals) => void,
  force: () => void,
  target: Pick<NodeJS.EventEmitter, 'on'> = process,
) {
  let first: number | undefined;
  const handle = (signal: NodeJS.Signals) => {
    if (first === undefined) {
      first = Date.now();
      begin(signal);
    } else if (signal === 'SIGINT' && Date.now() - first >= COPY_WINDOW_MS) {
      force();
    }
  };
  target.on('SIGTERM', handle);
  target.on('SIGINT', handle);
}
