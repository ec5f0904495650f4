import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { type SpooledFile, SpoolFull, spool } from './spool';

// The spool's bounds (docs/decisions/052-untrusted-files.md): what waits on disk for its check is
// bounded in files and in bytes, whatever each file weighs, and a refusal leaves nothing behind.

const held: SpooledFile[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((file) => file.discard()));
});

const MB = 1024 * 1024;
/** A stream of `megabytes`, in chunks of 1 MB as a socket delivers them. */
const upload = (megabytes: number) =>
  Readable.from(
    (function* () {
      for (let n = 0; n < megabytes; n++) yield Buffer.alloc(MB, 0x41);
    })(),
  );

describe('the spool', { timeout: 60_000 }, () => {
  it('holds 64 files at once, and tells the 65th to come back', async () => {
    for (let n = 0; n < 64; n++) held.push(await spool(Readable.from([Buffer.from(`arquivo ${n}`)])));
    await expect(spool(Readable.from([Buffer.from('um a mais')]))).rejects.toBeInstanceOf(SpoolFull);
    await held.pop()!.discard();
    held.push(await spool(Readable.from([Buffer.from('cabe de novo')])));
  });

  it("holds 320 MB at once however large each file, and counts a refused one's bytes off again", async () => {
    // Twenty-six photos of 12 MB are 312 MB: the twenty-seventh passes the bound while it arrives.
    for (let n = 0; n < 26; n++) held.push(await spool(upload(12)));
    let refused: unknown;
    const paths = new Set(held.map(({ path }) => path));
    await spool(upload(12)).then(
      (file) => held.push(file),
      (error: unknown) => (refused = error),
    );
    expect(refused).toBeInstanceOf(SpoolFull);
    expect(held).toHaveLength(26);
    expect(held.every(({ path }) => paths.has(path) && existsSync(path))).toBe(true);
    // Its part written before the refusal is counted off again: once two files go, another fits.
    await Promise.all(held.splice(0, 2).map((file) => file.discard()));
    held.push(await spool(upload(12)));
  });
});
