import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import {
  IMAGE_MAX_PIXELS,
  type ImageFormat,
  type ImageJudgement,
  type ImageProblem,
  type ImageRequest,
  type ImageSource,
  type ImageVersion,
} from './image-problems';

// Runs in the image child (image-child.ts), never in the server: libvips decodes what a stranger
// sent, within the child's cap. Each image is decoded once, turned upright by its EXIF orientation
// and brought to the widest width asked, then every version is encoded from those pixels. Nothing
// of the original's metadata reaches a version: sharp writes none unless asked (keepMetadata).

// No cache of earlier files, and one thread: a child's memory and time are one file's.
sharp.cache(false);
sharp.concurrency(1);

/** What the decoder stops at: bad or missing image data (a truncated file), not a harmless warning. */
const DECODING = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', autoOrient: true } as const;

const ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  // Effort 2 of 9: a second for a 1600-pixel photo rather than ten, at a few percent more bytes.
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
  // No transparency in JPEG: a transparent logo gets a white ground, not a black one.
  jpeg: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }),
};

/**
 * What libvips's refusal means. An allocation that failed is the child's cap at work: thrown on,
 * so that the child is replaced and its file answered as too heavy.
 */
function problemOf(error: Error): ImageProblem {
  if (/memory|alloc/i.test(error.message)) throw error;
  return /pixel limit/i.test(error.message) ? 'tooManyPixels' : 'unreadable';
}

/** Versions of `bytes`, an image whose first bytes say it is `source`, or why it is refused. */
export async function judgeImageBytes(
  bytes: Buffer,
  { source, request }: { source: ImageSource; request: ImageRequest },
): Promise<ImageJudgement> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, DECODING).metadata();
  } catch (error) {
    return { problem: problemOf(error as Error) };
  }
  // A file that is one format by its signature and decodes as another is a polyglot.
  if (metadata.format !== source) return { problem: 'mismatch' };
  if (metadata.width * metadata.height > IMAGE_MAX_PIXELS) return { problem: 'tooManyPixels' };
  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await sharp(bytes, DECODING)
      .resize({ width: Math.max(...request.widths), withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    return { problem: problemOf(error as Error) };
  }
  const { width, height, channels } = upright.info;
  const widths = [...new Set(request.widths.map((wanted) => Math.min(wanted, width)))].sort((a, b) => b - a);
  const versions: ImageVersion[] = [];
  for (const wanted of widths)
    for (const format of request.formats) {
      const pixels = sharp(upright.data, { raw: { width, height, channels } }).resize({ width: wanted });
      const { data, info } = await ENCODERS[format](pixels).toBuffer({ resolveWithObject: true });
      versions.push({ format, width: info.width, height: info.height, bytes: data });
    }
  return { source, width: metadata.autoOrient.width, height: metadata.autoOrient.height, versions };
}

/** A first image through every encoder, so that the child's memory is measured with libvips loaded. */
export async function warmUpImages() {
  const dot = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();
  await judgeImageBytes(dot, { source: 'png', request: { widths: [2], formats: ['avif', 'webp', 'jpeg'] } });
}
