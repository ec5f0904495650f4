import { writeFileSync } from 'node:fs';
import { curl } from './tls';

// Pebble (Let's Encrypt's test CA, Debian's package in the letsencrypt/pebble stand-in) as the stack tests
// run it: the ACME API on 14000, under a certificate of Pebble's own test CA ("minica", at MINICA in the
// image, valid for the name `pebble`), which certbot is told to trust; the management API on 15000, which
// gives the root Pebble issues under (made anew at each start); HTTP-01 checked on port 80 of the name asked.

/** Pebble's configuration file (-config): its ports, and no OCSP or external account binding. */
export const PEBBLE_CONFIG = JSON.stringify({
  pebble: {
    listenAddress: '0.0.0.0:14000',
    managementListenAddress: '0.0.0.0:15000',
    certificate: 'test/certs/localhost/cert.pem',
    privateKey: 'test/certs/localhost/key.pem',
    httpPort: 80,
    tlsPort: 443,
    ocspResponderURL: '',
    externalAccountBindingRequired: false,
  },
});

/** Where the image keeps the CA that signs Pebble's API certificate. */
export const MINICA = '/test/certs/pebble.minica.pem';

/** The ACME directory the certificates service is given. */
export const PEBBLE_DIRECTORY = 'https://pebble:14000/dir';

/**
 * Pebble's root, fetched from its management API on 127.0.0.1:`port` (trusting `minicaFile`) and written to
 * `rootFile` for curl; what a visitor who trusts the test CA trusts.
 */
export async function pebbleRoot(port: number, minicaFile: string, rootFile: string) {
  const root = await curl(['--cacert', minicaFile, `https://127.0.0.1:${port}/roots/0`]);
  writeFileSync(rootFile, root);
  return root;
}
