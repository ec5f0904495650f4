import { open } from 'node:fs/promises';
import {
  IMAGE_MAX_BYTES,
  type ImageJudgement,
  type ImageProblem,
  type ImageRequest,
  type ImageSource,
} from './image-problems';
import { imageSignature } from './image-signature';
import type { ChildKind } from './judges';
import { judgeInChild } from './judges';
import type { SpooledFile } from './spool';

/** How much of an image's start its signature is read from (image-signature.ts). */
const HEAD_BYTES = 1024;

/** An image's first bytes: a spooled upload's read from its file, the rest left on disk for the child. */
async function headOf(image: Buffer | SpooledFile) {
  if (Buffer.isBuffer(image)) return image;
  const file = await open(image.path);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The image child's bounds. 96 MB holds a 12 MP photo turned a quarter (36 MB of pixels) and the
 * AVIF encoder at 1600 pixels (about 50 MB); a 50 MP JPEG is decoded at a quarter of its size. 15 s:
 * a 50 MP photo into nine versions takes 2 s on a quiet machine.
 */
const IMAGE_CHILD: ChildKind = { name: 'image-child', limits: { memoryMb: 96, timeMs: 15_000, addon: 'sharp' } };

/** What the child's failures mean to the person who sent the image. */
const FAILURES: Record<string, ImageProblem> = {
  time: 'tooHeavy',
  memory: 'tooHeavy',
  crashed: 'unreadable',
  busy: 'busy',
  unavailable: 'unavailable',
};

/**
 * An untrusted image, sent from the address `from`, as `request` asks for it: JPEG, PNG or WebP by
 * its content (SVG refused), within IMAGE_MAX_BYTES and IMAGE_MAX_PIXELS, turned upright by its
 * EXIF orientation, re-encoded to each width and format asked with no metadata left (GPS, camera,
 * date); or the problem, whose message is IMAGE_PROBLEMS[problem]. `log` hears why a child failed.
 */
export async function judgeImage(
  image: Buffer | SpooledFile,
  request: ImageRequest,
  from: string,
  log?: (detail: string) => void,
): Promise<ImageJudgement> {
  const size = Buffer.isBuffer(image) ? image.length : image.bytes;
  if (size === 0) return { problem: 'empty' };
  if (size > IMAGE_MAX_BYTES) return { problem: 'tooLarge' };
  const signature = imageSignature(await headOf(image));
  if (signature === 'svg') return { problem: 'svg' };
  if (signature === 'other') return { problem: 'unsupported' };
  const judged = await judgeInChild<{ source: ImageSource; request: ImageRequest }, ImageJudgement>(
    IMAGE_CHILD,
    Buffer.isBuffer(image) ? image : { path: image.path, bytes: image.bytes },
    { source: signature, request },
    from,
  );
  if ('answer' in judged) return judged.answer;
  log?.(`imagem não processada (${judged.failure})${judged.detail ? `: ${judged.detail}` : ''}`);
  return { problem: FAILURES[judged.failure]! };
}
