import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  HOSTILE_SVG,
  jpegPolyglot,
  PHOTO_PLACE,
  POLYGLOT_PAYLOAD,
  phonePhoto,
  pngBomb,
  truncated,
} from '../../test/support/images';
import { IMAGE_MAX_BYTES, IMAGE_PROBLEMS, type ImageJudgement, judgeImage } from './index';
import { memoryOf } from './proc-memory';
import { PER_ADDRESS } from './queue';

// Untrusted images judged and re-encoded in the capped image child (docs/decisions/052-untrusted-files.md),
// on real files: a phone's photo with its GPS position and orientation, bombs, polyglots, cut files.
// The first image starts the child (sharp loaded), a second or two on a busy machine.

const REQUEST = { widths: [1600, 480], formats: ['avif', 'webp', 'jpeg'] } as const;
const FROM = '203.0.113.7';

const versionsOf = (judged: ImageJudgement) => {
  if ('problem' in judged) throw new Error(`recusada: ${judged.problem}`);
  return judged;
};

describe('judgeImage', { timeout: 60_000 }, () => {
  it('turns a phone photo upright and keeps nothing of its EXIF, GPS above all', async () => {
    const photo = await phonePhoto(1200, 800);
    expect(await exifr.gps(photo)).toMatchObject(PHOTO_PLACE);

    const judged = versionsOf(await judgeImage(photo, REQUEST, FROM));

    expect([judged.source, judged.width, judged.height]).toEqual(['jpeg', 800, 1200]);
    expect(judged.versions.map(({ format, width, height }) => `${format} ${width}×${height}`)).toEqual([
      'avif 800×1200',
      'webp 800×1200',
      'jpeg 800×1200',
      'avif 480×720',
      'webp 480×720',
      'jpeg 480×720',
    ]);
    for (const version of judged.versions) {
      const bytes = Buffer.from(version.bytes);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe(version.format === 'avif' ? 'heif' : version.format);
      expect([metadata.exif, metadata.xmp, metadata.icc, metadata.orientation]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(bytes.includes('Exif')).toBe(false);
      // exifr reads neither AVIF nor WebP; sharp's metadata above answers for them.
      if (version.format === 'jpeg') expect(await exifr.parse(bytes, true)).toBeUndefined();
    }
    // The sensor's left half (red) is now the top: the photo was turned, not only relabelled.
    const jpeg = Buffer.from(judged.versions[2]!.bytes);
    const { data } = await sharp(jpeg).extract({ left: 400, top: 100, width: 1, height: 1 }).raw().toBuffer({
      resolveWithObject: true,
    });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[2]).toBeLessThan(80);
  });

  it('refuses a 400-megapixel PNG bomb of 400 KB by its header, without decoding it', async () => {
    const bomb = await pngBomb();
    expect(bomb.length).toBeLessThan(500_000);
    expect(await judgeImage(bomb, REQUEST, FROM)).toEqual({ problem: 'tooManyPixels' });
  });

  it('refuses as too heavy a PNG under the pixel limit that decodes to 392 MB, the child at its cap', async () => {
    const bomb = await pngBomb({ width: 7_000, height: 7_000, bitDepth: 16, colourType: 6 });
    const before = (await memoryOf(process.pid))!.rss;
    expect(await judgeImage(bomb, REQUEST, FROM)).toEqual({ problem: 'tooHeavy' });
    // The decoding happened in the child: this process did not hold the pixels.
    expect((await memoryOf(process.pid))!.rss - before).toBeLessThan(50);
  });

  it('re-encodes a JPEG that is also an HTML page, leaving nothing of the page', async () => {
    const polyglot = await jpegPolyglot();
    expect(polyglot.includes(POLYGLOT_PAYLOAD)).toBe(true);
    const judged = versionsOf(await judgeImage(polyglot, REQUEST, FROM));
    for (const version of judged.versions) expect(Buffer.from(version.bytes).includes('<script')).toBe(false);
  });

  it.each([
    ['an empty file', async () => Buffer.alloc(0), 'empty'],
    ['a file over the byte limit', async () => Buffer.alloc(IMAGE_MAX_BYTES + 1, 0xff), 'tooLarge'],
    ['an SVG with a script', async () => HOSTILE_SVG, 'svg'],
    ['an HTML page', async () => Buffer.from('\ufeff  <!doctype html><script>alert(1)</script>'), 'svg'],
    ['a GIF', async () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'unsupported'],
    ['a PDF', async () => Buffer.from('%PDF-1.7\n'), 'unsupported'],
    ['a photo cut in half', async () => truncated(await phonePhoto()), 'unreadable'],
    [
      'a PNG signature over garbage',
      async () => Buffer.concat([(await pngBomb({ width: 8, height: 8 })).subarray(0, 8), Buffer.alloc(200, 7)]),
      'unreadable',
    ],
  ] as const)('refuses %s, with a message in Portuguese', async (_name, make, problem) => {
    expect(await judgeImage(await make(), REQUEST, FROM)).toEqual({ problem });
    expect(IMAGE_PROBLEMS[problem]).toMatch(/^[A-Z].+\.$/);
  });

  it('answers a photo of a second address at once while one address floods the queue', async () => {
    const photo = await phonePhoto(400, 300);
    const flood = Array.from({ length: PER_ADDRESS + 3 }, () => judgeImage(photo, REQUEST, '198.51.100.1'));
    const honest = await judgeImage(photo, REQUEST, FROM);
    const answers = await Promise.all(flood);
    expect('versions' in honest).toBe(true);
    // PER_ADDRESS of the flood at once, the three others turned away rather than queued behind it.
    expect(answers.filter((answer) => 'problem' in answer && answer.problem === 'busy')).toHaveLength(3);
  });
});
