// `npm run build && npx tsx bench/csv-memory.ts`: the built server exports tables of 1,000,
// 10,000, 100,000 and 1,000,000 contacts as CSV (GET /api/contacts.csv) while its memory is sampled,
// each time in a fresh process, once to a client that reads as fast as it can and once to one that
// stops reading for 3 s after the first bytes: a server that did not wait for its client would
// write the whole file into memory meanwhile. Prints the file's size, the time taken, the server's
// RSS before, at its peak and after, and for the slow client how much the server wrote to its
// sockets while the client was not reading (wchar in /proc). CSV_ROWS=1000,5000 picks other sizes.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { serveBuilt } from '../scripts/launch/serve-built';
import { SQLITE_FILE } from '../server/db/sqlite';
import { openSqlite } from '../server/repository';
import { rssMb, writtenMb } from './proc-stats';

const SIZES = (process.env.CSV_ROWS ?? '1000,10000,100000,1000000').split(',').map(Number);
const STALL_MS = 3_000;
/** The export is an admin read; this run's own token. */
const ADMIN_TOKEN = randomBytes(32).toString('base64url');

/** A data folder whose database holds `rows` contacts of a realistic size, written in one transaction. */
async function seeded(rows: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-csv-'));
  await openSqlite(dataDir).close();
  const db = new DatabaseSync(path.join(dataDir, SQLITE_FILE));
  const insert = db.prepare(
    'INSERT INTO contacts (id, name, email, phone, company, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const start = Date.now() - rows * 60_000;
  db.exec('BEGIN');
  for (let n = 0; n < rows; n++) {
    insert.run(
      randomUUID(),
      `Cliente ${n} da Silva`,
      `cliente${n}@empresa${n % 97}.com.br`,
      '+55 (91) 98765-4321',
      'Transportes & Logística "Norte" Ltda.',
      `Preciso de frete fechado de Campinas/SP para Belém/PA; carga paletizada, 27 t.\nPedido ${n}.`,
      new Date(start + n * 60_000).toISOString(),
    );
  }
  db.exec('COMMIT');
  db.close();
  return dataDir;
}

/**
 * Downloads the export; for `stallMs` after the first chunk, reads nothing. Resolves with bytes and
 * lines, and how much `written` grew while it was not reading.
 */
async function download(url: string, stallMs: number, written: () => number) {
  const res = await fetch(`${url}/api/contacts.csv`, {
    // Uncompressed: a gzip stream this size would fit in the sockets' buffers and hide a server
    // that does not wait for its client.
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Accept-Encoding': 'identity' },
  });
  if (!res.ok || !res.body) throw new Error(`GET /api/contacts.csv: ${res.status}`);
  let bytes = 0;
  let lines = 0;
  let whileStalled = 0;
  for await (const chunk of res.body) {
    if (bytes === 0 && stallMs > 0) {
      const before = written();
      await sleep(stallMs);
      whileStalled = written() - before;
    }
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  return { bytes, lines, whileStalled };
}

for (const rows of SIZES) {
  const dataDir = await seeded(rows);
  for (const [client, stallMs] of [
    ['rápido', 0],
    ['lento', STALL_MS],
  ] as const) {
    const server = await serveBuilt({ ADMIN_TOKEN, RETENTION_DAYS: '0' }, { dataDir });
    const pid = server.child.pid!;
    try {
      const before = rssMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
      const began = Date.now();
      const { bytes, lines, whileStalled } = await download(server.url, stallMs, () => writtenMb(pid));
      clearInterval(sampler);
      // Each contact's message holds one LF inside its cell, and every line ends in CRLF.
      const exported = (lines - 1) / 2;
      if (exported !== rows) throw new Error(`${exported} linhas exportadas de ${rows}`);
      const stalled = stallMs ? `; escreveu ${whileStalled.toFixed(1)} MB enquanto o cliente não lia` : '';
      console.log(
        `${String(rows).padStart(7)} linhas, cliente ${client.padEnd(6)}: ${(bytes / 1024 ** 2).toFixed(1)} MB em ` +
          `${((Date.now() - began) / 1000).toFixed(1)} s; RSS do servidor ${before.toFixed(0)} → pico ` +
          `${peak.toFixed(0)} → ${rssMb(pid).toFixed(0)} MB${stalled}`,
      );
    } finally {
      await server.stop();
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}
