import { describe, expect, it, onTestFinished } from 'vitest';
import { rssMb } from '../../bench/proc-stats';
import { exportFlood } from '../../scripts/launch/export-flood';
import { seededContacts } from '../../scripts/launch/seeded-contacts';
import { ADMIN_TOKEN } from '../../test/support/leads';
import { startServer } from '../../test/support/server-process';

// The built server, 192 MB of heap as shipped, under CSV exports whose clients never read
// (issue 38: 30 of them ran it out of heap and killed it). Real sockets on loopback.

const CONTACTS = 8_000;

describe(`100 stalled exports of ${CONTACTS} long contacts (33 MB) beside 4 admins who read`, () => {
  it('leave the process up, the readers get the whole file, the visitors their page', async () => {
    const dataDir = await seededContacts(CONTACTS, { messageChars: 4_000 });
    const server = await startServer({ ADMIN_TOKEN, RETENTION_DAYS: '0' }, dataDir);
    onTestFinished(async () => void (await server.stop()));
    const pid = server.child.pid!;
    let peak = rssMb(pid);

    const flood = await exportFlood({
      url: server.url,
      adminToken: ADMIN_TOKEN,
      stalled: 100,
      readers: 4,
      onTick: () => (peak = Math.max(peak, rssMb(pid))),
    });

    expect(server.child.exitCode).toBeNull();
    const sizes = new Set(flood.readers.map(({ status, bytes }) => `${status} ${bytes}`));
    expect(sizes.size).toBe(1);
    expect([...sizes][0]).toMatch(/^200 3\d{7}$/);
    // 8 exports at once: the other stalled clients got 503 at once. Each of the 8 is cut once the
    // response has taken nothing for 15 s; one the kernel still trickles bytes to holds its place
    // longer (printed; the readers got theirs after Retry-After all the same).
    const exports = server.logs.filter(
      (line) => (line.req as { path?: string } | undefined)?.path === '/api/contacts.csv',
    );
    expect(exports.filter((line) => (line.res as { status: number }).status === 503).length).toBeGreaterThanOrEqual(92);
    const cut = exports.filter((line) => line.msg === 'requisição interrompida');
    console.info(
      `exportações paradas cortadas após ${cut.map((line) => Math.round(Number(line.durationMs) / 1000)).join(', ')} s`,
    );
    expect(flood.pages.filter((status) => status !== 200)).toEqual([]);
    console.info(`RSS do servidor: pico ${peak.toFixed(0)} MB, depois ${rssMb(pid).toFixed(0)} MB`);
    expect(peak).toBeLessThan(300);
  }, 120_000);
});
