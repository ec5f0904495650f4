import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openSqlite } from '../../server/composition/repository';
import { APPLICATION_PATH } from '../../shared/application';
import { BY_TOKEN } from '../../test/support/leads';
import { cvPdf } from '../../test/support/pdf';
import { openConnection } from '../../test/support/raw-http';
import { startServer } from '../../test/support/server-process';

// Issue 56 §6: a CV sent a byte at a time never holds the upload open past the time a request has in
// all (server/process/lifecycle.ts): the built server answers 408 and closes, and stores nothing.

const BOUNDARY = 'trickle';

describe('an application trickled in', () => {
  it('is cut with 408 when its request time is up, and leaves no row', { timeout: 40_000 }, async () => {
    const server = await startServer({ RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_HOUR: '0' });
    onTestFinished(async () => void (await server.stop()));
    const cv = cvPdf();
    const head =
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="nome"\r\n\r\nLento\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="curriculo"; filename="cv.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n';
    const length = Buffer.byteLength(head) + cv.length + `\r\n--${BOUNDARY}--\r\n`.length;
    const connection = openConnection(Number(new URL(server.url).port));
    await connection.write(
      `POST ${APPLICATION_PATH} HTTP/1.1\r\nHost: localhost\r\nSec-Fetch-Site: same-origin\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n${head}`,
    );
    // A byte every half second: the whole CV would take hours.
    for (let at = 0; at < cv.length && !connection.isClosed(); at++) {
      await connection.write(cv.subarray(at, at + 1));
      await sleep(500);
    }

    const reply = await connection.reply();
    expect(reply.status).toBe(408);
    const store = openSqlite(server.dataDir);
    onTestFinished(() => store.close());
    expect(await store.applications.list({}, BY_TOKEN)).toEqual([]);
  });
});
