import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backendsForThisFile } from '../../test/support/backends';
import { type StampCheck, stampsSignedWith } from './render-stamp';

const RENDERED = 1_764_160_000_000;
const stamps = stampsSignedWith(randomBytes(32));

describe('a render stamp', () => {
  it('checks as ok with the time since the page was rendered', () => {
    expect(stamps.check(stamps.sign(RENDERED), RENDERED + 12_345)).toEqual({ kind: 'ok', elapsedMs: 12_345 });
  });

  it('is told apart from no stamp at all', () => {
    const none: StampCheck = { kind: 'none' };
    for (const absent of [undefined, null, '']) expect(stamps.check(absent, RENDERED)).toEqual(none);
  });

  it.each([
    ['a changed time', (stamp: string) => stamp.replace(/^\w+/, (RENDERED - 60_000).toString(36))],
    ['a changed signature', (stamp: string) => `${stamp.slice(0, -2)}${stamp.endsWith('AA') ? 'AB' : 'AA'}`],
    ['a shortened signature', (stamp: string) => stamp.slice(0, -1)],
    ['no signature', (stamp: string) => stamp.split('.')[0]!],
    ['a time that is no number', (stamp: string) => stamp.replace(/^\w+/, '-1')],
    ['a time in another base', (stamp: string) => stamp.replace(/^\w+/, String(RENDERED))],
    ['another key’s signature', () => stampsSignedWith(randomBytes(32)).sign(RENDERED)],
    ['text', () => 'qualquer coisa'],
  ])('is forged with %s', (_change, forge) => {
    expect(stamps.check(forge(stamps.sign(RENDERED)), RENDERED + 60_000)).toEqual({ kind: 'forged' });
  });

  it.each([
    ['a number', RENDERED],
    ['a list of stamps', [stamps.sign(RENDERED)]],
    ['an object', { stamp: stamps.sign(RENDERED) }],
  ])('is forged when it is %s rather than text', (_shape, value) => {
    expect(stamps.check(value, RENDERED + 60_000)).toEqual({ kind: 'forged' });
  });

  it('allows a replica’s clock a few seconds ahead of another’s, and no more', () => {
    const ahead = stamps.sign(RENDERED + 4_000);
    expect(stamps.check(ahead, RENDERED)).toEqual({ kind: 'ok', elapsedMs: 0 });
    expect(stamps.check(stamps.sign(RENDERED + 60_000), RENDERED)).toEqual({ kind: 'forged' });
  });
});

describe.each(backendsForThisFile())('the render stamps’ key on $name', (backend) => {
  it('is made by the first replica and read by the others, so each checks what another signed', async () => {
    const first = await (await backend.fresh()).renderStamps();
    const second = await (await backend.another()).renderStamps();
    const again = await (await backend.another()).renderStamps();
    expect(second.check(first.sign(RENDERED), RENDERED + 1_000)).toEqual({ kind: 'ok', elapsedMs: 1_000 });
    expect(first.check(again.sign(RENDERED), RENDERED + 1_000)).toEqual({ kind: 'ok', elapsedMs: 1_000 });
  });

  it('is made once when replicas start at the same time', async () => {
    await backend.fresh();
    const replicas = await Promise.all(Array.from({ length: 4 }, () => backend.another()));
    const all = await Promise.all(replicas.map((replica) => replica.renderStamps()));
    const stamp = all[0]!.sign(RENDERED);
    for (const each of all) expect(each.check(stamp, RENDERED)).toEqual({ kind: 'ok', elapsedMs: 0 });
  });
});
