import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decode, OverBudget, Undecodable } from './filters';

// The stream filters pdf.js accepts, each under both its names, decoded within a budget.

const text = (bytes: Buffer) => bytes.toString('latin1');
const decoded = async (data: Buffer | string, ...names: string[]) =>
  text(
    (
      await decode(
        Buffer.from(data as string, 'latin1'),
        names.map((name) => ({ name })),
        1024,
        true,
      )
    ).bytes,
  );

describe('decode', () => {
  it('decodes LZW as ISO 32000-1 §7.4.4.2 gives its example', async () => {
    const example = Buffer.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
    expect(await decoded(example, 'LZWDecode')).toBe('-----A---B');
    expect(await decoded(example, 'LZW')).toBe('-----A---B');
  });

  it.each([
    [['AHx', 'ASCIIHexDecode'], '3C3c2f 4A53>ignored', '<</JS'],
    [['A85', 'ASCII85Decode'], '87cURD]i,"Ebo7~>', 'Hello World'],
    [['RL', 'RunLengthDecode'], Buffer.from([2, 0x41, 0x42, 0x43, 253, 0x2d, 128]).toString('latin1'), 'ABC----'],
    [['Fl', 'FlateDecode'], deflateSync('<< /S /Launch >>').toString('latin1'), '<< /S /Launch >>'],
  ])('decodes %j alike', async (names, data, expected) => {
    for (const name of names) expect(await decoded(data, name)).toBe(expected);
  });

  it('decodes a chain in order, and keeps an image codec undecoded at its end', async () => {
    const hex = deflateSync('objetos').toString('hex');
    expect(await decoded(`${hex}>`, 'AHx', 'Fl')).toBe('objetos');
    const image = await decode(Buffer.from('ffd8ff'), [{ name: 'AHx' }, { name: 'DCTDecode' }], 1024, true);
    expect([text(image.bytes), image.image]).toEqual(['\xff\xd8\xff', true]);
  });

  it('stops a bomb at the budget, counted without being kept', { timeout: 20_000 }, async () => {
    const bomb = deflateSync(Buffer.alloc(20 * 1024 * 1024));
    await expect(decode(bomb, [{ name: 'Fl' }], 10 * 1024 * 1024, false)).rejects.toBeInstanceOf(OverBudget);
    const counted = await decode(bomb, [{ name: 'Fl' }], 64 * 1024 * 1024, false);
    expect([counted.length, counted.bytes.length]).toEqual([20 * 1024 * 1024, 0]);
    const runs = Buffer.alloc(2000, 129);
    await expect(decode(runs, [{ name: 'RL' }], 1000, true)).rejects.toBeInstanceOf(OverBudget);
  });

  it('refuses a filter it does not know, and an image codec before another filter', async () => {
    await expect(decode(Buffer.from('x'), [{ name: 'Segredo' }], 1024, true)).rejects.toBeInstanceOf(Undecodable);
    await expect(decode(Buffer.from('x'), [{ name: 'DCT' }, { name: 'Fl' }], 1024, true)).rejects.toBeInstanceOf(
      Undecodable,
    );
    await expect(decode(Buffer.from('not zlib'), [{ name: 'Fl' }], 1024, true)).rejects.toBeInstanceOf(Undecodable);
  });
});
