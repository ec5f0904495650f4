// The CV's name as the browser sent it is the sender's text: never a path (the file lives in the
// database), and shown or offered for download only once made plain (docs/requirements.md §4.6): no folders, no
// control nor bidirectional characters (an RTL override makes "cv‮fdp.exe" read as "cvexe.pdf"),
// nothing a header or a file system reads specially, and always ending in .pdf, which it is.

const MAX_LENGTH = 100;
const FALLBACK = 'curriculo';

/** What is dropped: controls, bidirectional and invisible format characters, and what paths or headers read. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\p{Cf}\u2028\u2029"*:<>?|\\/]/gu;

/** `given` as a plain file name: its last path segment, cleaned, at most 100 characters, ending in .pdf. */
export function safeFileName(given: string) {
  const last = given.split(/[\\/]/).at(-1) ?? '';
  const plain = last
    .normalize('NFC')
    .replace(UNSAFE, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .replace(/\.pdf$/i, '')
    .trim()
    .slice(0, MAX_LENGTH - 4)
    .trim();
  return `${plain || FALLBACK}.pdf`;
}
