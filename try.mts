import exifr from 'exifr';
import sharp from 'sharp';
import { judgeImage } from './server/untrusted/index.ts';
import { memoryOf } from './server/untrusted/proc-memory.ts';
import { HOSTILE_SVG, jpegPolyglot, phonePhoto, pngBomb, truncated } from './test/support/images.ts';

const req = { widths: [1600, 480], formats: ['avif', 'webp', 'jpeg'] } as const;
const photo = await phonePhoto();
console.log(
  'photo exif',
  await exifr.parse(photo, { gps: true }).then((e) => [e?.latitude, e?.longitude, e?.Orientation]),
  (await sharp(photo).metadata()).orientation,
);
const show = (j) =>
  'problem' in j
    ? j.problem
    : `${j.width}x${j.height} ` +
      j.versions.map((v) => `${v.format}${v.width}x${v.height}:${v.bytes.length}`).join(' ');
for (const [name, make] of [
  ['photo', async () => photo],
  ['bomb400', () => pngBomb()],
  ['bomb16', () => pngBomb({ width: 7000, height: 7000, bitDepth: 16, colourType: 6 })],
  ['poly', jpegPolyglot],
  ['trunc', async () => truncated(photo)],
  ['svg', async () => HOSTILE_SVG],
]) {
  const bytes = await make();
  const t = performance.now();
  const j = await judgeImage(bytes, req, 'x', (d) => console.log('log:', d));
  console.log(
    name,
    bytes.length,
    show(j),
    (performance.now() - t).toFixed(0),
    'ms',
    JSON.stringify(await memoryOf(process.pid)),
  );
  if (!('problem' in j)) {
    const v = j.versions.find((v) => v.format === 'jpeg');
    console.log(
      '  out exif',
      await exifr.parse(Buffer.from(v.bytes), true).catch((e) => e.message),
      Buffer.from(v.bytes).includes('script'),
    );
  }
}
