// `npm run bench:abuse` (after the slowloris), or `npx tsx bench/export-flood.ts` after a build: the
// built server (192 MB heap) with 8,000 long contacts (a 33 MB export) under EXPORT_STALLED (100)
// CSV exports whose clients never read, beside EXPORT_READERS (30) admins who download the whole
// file, again after Retry-After when refused, while a visitor asks for GET / every 100 ms
// (scripts/launch/export-flood.ts). Prints the server's RSS before, at its peak and after, what the
// readers got, how the stalled exports ended, and the visitor's statuses. Issue 38: 30 stalled
// exports ran the heap out and killed the process.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { exportFlood } from '../scripts/launch/export-flood';
import { seededContacts } from '../scripts/launch/seeded-contacts';
import { serveBuilt } from '../scripts/launch/serve-built';
import { rssMb } from './proc-stats';

const STALLED = Number(process.env.EXPORT_STALLED ?? 100);
const READERS = Number(process.env.EXPORT_READERS ?? 30);
const ADMIN_TOKEN = randomBytes(32).toString('hex');

const dataDir = await seededContacts(8_000, { messageChars: 4_000 });
const server = await serveBuilt({ ADMIN_TOKEN, RETENTION_DAYS: '0' }, { dataDir, keepLogs: true });
const pid = server.child.pid!;
try {
  const before = rssMb(pid);
  let peak = before;
  const began = Date.now();
  const flood = await exportFlood(
    {
      url: server.url,
      adminToken: ADMIN_TOKEN,
      stalled: STALLED,
      readers: READERS,
      onTick: () => (peak = Math.max(peak, rssMb(pid))),
    },
    300_000,
  );
  await sleep(2_000);
  const exports = server.logs.filter(
    (line) => (line.req as { path?: string } | undefined)?.path === '/api/contacts.csv',
  );
  const cut = exports.filter((line) => line.msg === 'requisição interrompida');
  const busy = exports.filter((line) => (line.res as { status: number }).status === 503).length;
  const whole = flood.readers.filter(({ status }) => status === 200);
  const retries = flood.readers.reduce((sum, { refused }) => sum + refused, 0);
  console.log(
    `${STALLED} exportações paradas e ${READERS} leitoras, ${((Date.now() - began) / 1000).toFixed(0)} s; ` +
      `processo ${server.child.exitCode === null ? 'no ar' : `saiu (${server.child.exitCode})`}`,
  );
  console.log(
    `  RSS do servidor: ${before.toFixed(0)} MB antes → pico ${peak.toFixed(0)} MB → ${rssMb(pid).toFixed(0)} MB depois`,
  );
  console.log(
    `  leitoras: ${whole.length}/${READERS} com o arquivo inteiro (${((whole[0]?.bytes ?? 0) / 1024 ** 2) | 0} MB), ` +
      `${retries} 503 com Retry-After pelo caminho`,
  );
  console.log(
    `  paradas: ${busy} recusadas com 503 (respostas 503 no log), ${cut.length} cortadas após ` +
      `${cut.map((line) => Math.round(Number(line.durationMs) / 1000)).join(', ')} s`,
  );
  const failed = flood.pages.filter((status) => status !== 200).length;
  console.log(`  visitante: ${flood.pages.length - failed}/${flood.pages.length} GET / com 200`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
