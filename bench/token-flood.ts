// `npm run bench:abuse` (last), or `npx tsx bench/token-flood.ts` after a build: the built server on
// SQLite, TOKEN_FLOOD_SECONDS (5) of wrong bearer tokens on GET /api/contacts from one address over
// 10 connections, then one read with the right token from that address. Prints the statuses the
// flood got and the right token's. Issue 33: 4,153 wrong tokens in 5 s were each answered 401.
import { randomBytes } from 'node:crypto';
import autocannon, { type Result } from 'autocannon';
import { serveBuilt } from '../scripts/launch/serve-built';

const SECONDS = Number(process.env.TOKEN_FLOOD_SECONDS ?? 5);
const ADMIN_TOKEN = randomBytes(32).toString('hex');

const server = await serveBuilt({ ADMIN_TOKEN, RETENTION_DAYS: '0' });
try {
  const statuses = new Map<number, number>();
  const result = (await autocannon({
    url: `${server.url}/api/contacts`,
    duration: SECONDS,
    connections: 10,
    headers: { Authorization: `Bearer ${randomBytes(32).toString('hex')}` },
    setupClient: (client) =>
      client.on('response', (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1)),
  })) as Result;
  const right = await fetch(`${server.url}/api/contacts`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${n} × ${status}`);
  console.log(`${result.requests.total} tokens errados em ${SECONDS} s, de um endereço: ${counts.join(', ')}`);
  console.log(
    `  depois, o token certo do mesmo endereço: ${right.status}, Retry-After ${right.headers.get('retry-after')} s`,
  );
} finally {
  await server.stop();
}
