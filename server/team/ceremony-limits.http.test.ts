import { Agent, request } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp } from '../../test/support/app';
import { backendsForThisFile } from '../../test/support/backends';
import { listening } from '../../test/support/raw-http';
import { CHALLENGES } from './policy';

const BURST = 2_000;

type Started = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** POSTs of /entrar/chave/opcoes as the sign-in page's script sends them, from `address` as the proxy names it. */
async function starter(app: Parameters<typeof listening>[0]) {
  const port = await listening(app);
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  onTestFinished(() => agent.destroy());
  return (address: string) =>
    new Promise<Started>((resolve, reject) => {
      const headers = {
        'Content-Type': 'application/json',
        'Sec-Fetch-Site': 'same-origin',
        'X-Forwarded-For': address,
      };
      request({ port, host: '127.0.0.1', method: 'POST', path: '/entrar/chave/opcoes', headers, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
        .on('error', reject)
        .end('{}');
    });
}

/** `count` requests, eight at a time, each from the address `from(n)`; their statuses. */
async function burst(start: (address: string) => Promise<Started>, count: number, from: (n: number) => string) {
  const statuses: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      statuses.push((await start(from(next++))).status);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return statuses;
}

/** How many replies had each status. */
const tally = (statuses: number[]) =>
  Object.fromEntries([...Map.groupBy(statuses, String)].map(([status, replies]) => [status, replies.length]));

// Issue 55, item 5: anyone may start a passkey sign-in, and each start stores a challenge for 5
// minutes. One address gets CHALLENGES.perAddress of them, then 429; all addresses together keep at
// most CHALLENGES.live, the oldest dropped first.
describe.each(backendsForThisFile())('passkey ceremonies anyone may start, on $name', (backend) => {
  it(`keeps ${CHALLENGES.perAddress} challenges of one address’s burst of ${BURST}, and refuses the rest`, {
    timeout: 120_000,
  }, async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository, trustProxy: ['loopback'] });
    const start = await starter(app);

    const statuses = await burst(start, BURST, () => '203.0.113.9');

    expect(tally(statuses)).toEqual({ 200: CHALLENGES.perAddress, 429: BURST - CHALLENGES.perAddress });
    expect(await backend.rows('webauthn_challenges')).toHaveLength(CHALLENGES.perAddress);
    const refused = await start('203.0.113.9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body).message).toMatch(/^Muitas solicitações em pouco tempo/);
    // Another address is not held up by it.
    expect((await start('198.51.100.1')).status).toBe(200);
  });

  it(`keeps at most ${CHALLENGES.live} challenges of a burst of ${BURST} from many addresses, the newest`, {
    timeout: 120_000,
  }, async () => {
    const repository = await backend.fresh();
    const { app } = createTestApp({ repository, trustProxy: ['loopback'] });
    const start = await starter(app);
    // Ten starts from each of 200 addresses: each within its own limit.
    const from = (n: number) => `10.0.${Math.floor(n / 10) >> 8}.${Math.floor(n / 10) & 255}`;

    const statuses = await burst(start, BURST, from);
    const last = await start('192.0.2.200');

    expect(tally(statuses)).toEqual({ 200: BURST });
    const rows = await backend.rows('webauthn_challenges');
    expect(rows.length).toBeLessThanOrEqual(CHALLENGES.live);
    expect(rows.length).toBeGreaterThan(CHALLENGES.live - 10);
    // The newest ceremony still has its challenge: the flood cost the oldest theirs.
    const { challenge } = JSON.parse(last.body) as { challenge: string };
    expect(rows.map((row) => row.challenge)).toContain(challenge);
  });
});
