import { execFile } from 'node:child_process';
import { connect } from 'node:tls';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The certificate a TLS server on 127.0.0.1:`port` serves for `servername`, and whether `ca` vouches for it. */
export function servedCertificate({ port, servername, ca }: { port: number; servername: string; ca?: string }) {
  return new Promise<{ authorized: boolean; serial: string; validFrom: string; validTo: string }>((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, servername, ca, rejectUnauthorized: false }, () => {
      const { serialNumber, valid_from, valid_to } = socket.getPeerCertificate();
      resolve({ authorized: socket.authorized, serial: serialNumber, validFrom: valid_from, validTo: valid_to });
      socket.end();
    });
    socket.setTimeout(5_000, () => socket.destroy(new Error('TLS handshake timed out')));
    socket.on('error', reject);
  });
}

/** curl with `args`, its stdout; curl's own exit status and message when it fails. */
export async function curl(args: string[]) {
  const { stdout } = await run('curl', ['--silent', '--show-error', '--max-time', '20', ...args]);
  return stdout;
}
