import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
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

/** curl to `url`'s port on 127.0.0.1 as `domain` (--resolve), trusting `caFile` alone: the reply's head. */
export const curlHead = (domain: string, caFile: string, url: string, ...args: string[]) =>
  curl([
    ...['--resolve', `${domain}:${new URL(url).port}:127.0.0.1`, '--cacert', caFile],
    ...['--output', '/dev/null', '--dump-header', '-', ...args, url],
  ]);

/**
 * A self-signed ECDSA P-256 certificate for `name`, made with openssl in `folder`: the certificate (its
 * own CA) and the PEM HAProxy reads, the certificate then its key.
 */
export function selfSigned(folder: string, name: string) {
  const [key, cert] = [path.join(folder, `${name}-key.pem`), path.join(folder, `${name}-cert.pem`)];
  execFileSync('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '30'],
    ...['-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`, '-keyout', key, '-out', cert],
  ]);
  const certificate = readFileSync(cert, 'utf8');
  return { certificate, pem: certificate + readFileSync(key, 'utf8') };
}
