import { createDeflate } from 'node:zlib';
import sharp from 'sharp';

// Real image files for the untrusted-image tests (server/untrusted/): photos as phones write them,
// with the GPS position and the orientation in their EXIF, and the hostile ones (bombs, polyglots,
// truncated files). The EXIF and the PNG chunks are written byte by byte, as the specifications
// lay them out (EXIF 2.32 / TIFF 6.0; PNG, ISO/IEC 15948), so the fixtures do not depend on the
// library under test.

/** Belém, where the receipt was signed: what no published image may tell. */
export const PHOTO_PLACE = { latitude: -1.4558, longitude: -48.4902 };

/** A TIFF rational per degree, minute, second of `decimal`. */
function dms(decimal: number) {
  const value = Math.abs(decimal);
  const degrees = Math.floor(value);
  const minutes = Math.floor((value - degrees) * 60);
  const seconds = Math.round(((value - degrees) * 60 - minutes) * 60 * 100);
  return [degrees, 1, minutes, 1, seconds, 100];
}

/** An EXIF APP1 body (little-endian TIFF): IFD0 with Orientation and a GPS IFD with PHOTO_PLACE. */
function exif(orientation: number) {
  const tiff = Buffer.alloc(160);
  tiff.write('II*\0', 0, 'latin1');
  tiff.writeUInt32LE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    tiff.writeUInt32LE(value, at + 8);
  };
  // IFD0 at 8: two entries, then no next IFD.
  tiff.writeUInt16LE(2, 8);
  entry(10, 0x0112, 3, 1, orientation); // Orientation, SHORT
  entry(22, 0x8825, 4, 1, 38); // GPSInfo, LONG: the GPS IFD's offset
  tiff.writeUInt32LE(0, 34);
  // GPS IFD at 38: four entries, then the rationals at 92 and 116.
  tiff.writeUInt16LE(4, 38);
  entry(40, 0x0001, 2, 2, PHOTO_PLACE.latitude < 0 ? 0x53 : 0x4e); // GPSLatitudeRef 'S'
  entry(52, 0x0002, 5, 3, 92); // GPSLatitude, RATIONAL ×3
  entry(64, 0x0003, 2, 2, PHOTO_PLACE.longitude < 0 ? 0x57 : 0x45); // GPSLongitudeRef 'W'
  entry(76, 0x0004, 5, 3, 116); // GPSLongitude
  tiff.writeUInt32LE(0, 88);
  for (const [i, n] of dms(PHOTO_PLACE.latitude).entries()) tiff.writeUInt32LE(n, 92 + i * 4);
  for (const [i, n] of dms(PHOTO_PLACE.longitude).entries()) tiff.writeUInt32LE(n, 116 + i * 4);
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

/** A JPEG segment: its marker, then its length (which counts itself) and its body. */
function segment(marker: number, body: Buffer) {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/**
 * A landscape photo of `width`×`height` pixels as a phone stores a portrait one: the sensor's pixels
 * with EXIF Orientation 6 (turn a quarter clockwise to view) and the GPS position, in an APP1 right
 * after the start of image. Its left half is red and its right half blue, so a test sees the turn.
 */
export async function phonePhoto(width = 1200, height = 800) {
  const half = { width: Math.floor(width / 2), height, channels: 3 as const };
  const jpeg = await sharp({ create: { ...half, background: '#d01010' } })
    .extend({ right: width - half.width, background: '#1010d0' })
    .jpeg({ quality: 90 })
    .toBuffer();
  return Buffer.concat([jpeg.subarray(0, 2), segment(0xe1, exif(6)), jpeg.subarray(2)]);
}

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function crc32(bytes: Buffer) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Deflates `rows` copies of `row`, streamed: the bomb's hundreds of megabytes are never held. */
async function deflateRows(row: Buffer, rows: number) {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (data: Buffer) => out.push(data));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  for (let n = 0; n < rows; n++)
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

/**
 * A PNG of `width`×`height` pixels, all zero, whose rows deflate to almost nothing: a decompression
 * bomb. 20,000 × 20,000 grey is 400 MP in about 400 KB; 7,000 × 7,000 in 16-bit RGBA is under the
 * pixel limit but 392 MB decoded. Its eXIf chunk says Orientation 6, so the image must be held whole
 * to be turned.
 */
export async function pngBomb({ width = 20_000, height = 20_000, bitDepth = 8, colourType = 0 } = {}) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(bitDepth, 8);
  ihdr.writeUInt8(colourType, 9);
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colourType] ?? 1;
  const rows = await deflateRows(Buffer.alloc(1 + (width * channels * bitDepth) / 8), height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('eXIf', exif(6).subarray(6)),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What a polyglot hides: markup that runs where a browser is made to read the file as HTML. */
export const POLYGLOT_PAYLOAD = '<script>alert(document.cookie)</script>';

/** A real JPEG that is also an HTML page: the script in a comment segment and again after the end. */
export async function jpegPolyglot() {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#20a020' } })
    .jpeg()
    .toBuffer();
  const payload = Buffer.from(POLYGLOT_PAYLOAD);
  return Buffer.concat([jpeg.subarray(0, 2), segment(0xfe, payload), jpeg.subarray(2), payload]);
}

/** The first `fraction` of `bytes`: an upload cut short. */
export const truncated = (bytes: Buffer, fraction = 0.5) => bytes.subarray(0, Math.floor(bytes.length * fraction));

/** An SVG that runs a script when opened. */
export const HOSTILE_SVG = Buffer.from(
  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${POLYGLOT_PAYLOAD}</svg>`,
);
