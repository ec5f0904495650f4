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
  bytes: Buffer,
  request: ImageRequest,
  from: string,
  log?: (detail: string) => void,
): Promise<ImageJudgement> {
  if (bytes.length === 0) return { problem: 'empty' };
  if (bytes.length > IMAGE_MAX_BYTES) return { problem: 'tooLarge' };
  const signature = imageSignature(bytes);
  if (signature === 'svg') return { problem: 'svg' };
  if (signature === 'other') return { problem: 'unsupported' };
  const judged = await judgeInChild<{ source: ImageSource; request: ImageRequest }, ImageJudgement>(
    IMAGE_CHILD,
    bytes,
    { source: signature, request },
    from,
  );
  if ('answer' in judged) return judged.answer;
  log?.(`imagem não processada (${judged.failure})${judged.detail ? `: ${judged.detail}` : ''}`);
  return { problem: FAILURES[judged.failure]! };
}
