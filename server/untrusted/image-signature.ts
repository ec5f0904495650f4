import type { ImageSource } from './image-problems';

/**
 * What an image is by its first bytes, never its name or its declared type: JPEG (FF D8 FF), PNG
 * (its 8-byte signature), WebP (a RIFF of type WEBP); 'svg' for anything that starts as markup, an
 * SVG or an HTML page alike, which runs script where a browser opens it; 'other' for the rest
 * (GIF, HEIC, TIFF, a PDF, text).
 */
export function imageSignature(bytes: Buffer): ImageSource | 'svg' | 'other' {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  const start = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .trimStart();
  return start.startsWith('<') ? 'svg' : 'other';
}
