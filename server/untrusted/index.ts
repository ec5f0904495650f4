// Untrusted files, judged where their memory is truly capped (docs/decisions/052-untrusted-files.md):
// plumbing that knows no feature. A feature either asks for an image's versions (judgeImage, with
// IMAGE_PROBLEMS for its refusals) or judges its own kind of file in a child of its own
// (judgeInChild in the server, serveJudgements in the child's script). Tagged @public: the API the
// features build on, used by them as they land.
/** @public */
export type { ChildLimits } from './capped-child';
/** @public */
export type { ChildName } from './child-script';
/** @public */
export {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_PROBLEMS,
  type ImageFormat,
  type ImageJudgement,
  type ImageProblem,
  type ImageRequest,
  type ImageVersion,
} from './image-problems';
/** @public */
export { judgeImage } from './images';
/** @public */
export { type ChildKind, type Judged, judgeInChild } from './judges';
/** @public */
export { type PdfContents, type PdfFinding, type PdfLimits, type PdfRefusal, pdfContents } from './pdf/contents';
/** @public */
export { serveJudgements } from './serve';
/** @public */
export { prepareSpool, type SpooledFile, SpoolFull, spool } from './spool';
