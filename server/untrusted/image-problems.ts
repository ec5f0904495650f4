// An image from a stranger (a driver's photo of a signed receipt, the owner's site images): what it
// may be and weigh, and why one is refused, in the Portuguese its sender reads. Apart from the
// child's code (image-judge.ts), so that the server names the problems without loading sharp.

/** What an image may weigh as sent, and how many pixels it may decode to: a 50 MP phone photo fits. */
export const IMAGE_MAX_BYTES = 12 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 50_000_000;

/** The formats an image is re-encoded to (image-judge.ts chooses each one's quality). */
const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The formats accepted as sent, recognised by their first bytes (image-signature.ts). */
export type ImageSource = 'jpeg' | 'png' | 'webp';

export const IMAGE_PROBLEMS = {
  empty: 'O arquivo da imagem está vazio.',
  tooLarge: `A imagem passa de ${IMAGE_MAX_BYTES / 1024 / 1024} MB: envie uma foto menor ou com menos qualidade.`,
  svg: 'Imagens SVG não são aceitas: envie a imagem em JPEG, PNG ou WebP.',
  unsupported: 'Formato de imagem não aceito: envie a imagem em JPEG, PNG ou WebP.',
  mismatch: 'O arquivo não é a imagem que diz ser: envie a foto original em JPEG, PNG ou WebP.',
  tooManyPixels: `A imagem tem mais de ${IMAGE_MAX_PIXELS / 1_000_000} megapixels: envie uma versão menor.`,
  unreadable: 'Não conseguimos ler esta imagem: ela parece danificada ou incompleta. Envie-a de novo.',
  tooHeavy: 'Esta imagem exige memória demais para ser processada: envie uma versão menor.',
  busy: 'Muitas imagens sendo processadas agora: tente de novo em um minuto.',
  unavailable: 'Não foi possível processar imagens agora: tente de novo mais tarde.',
} as const;
export type ImageProblem = keyof typeof IMAGE_PROBLEMS;

/** What the caller asks for: the widths wanted (never enlarged), in each of `formats`. */
export type ImageRequest = { widths: readonly number[]; formats: readonly ImageFormat[] };

/** One re-encoded version, stripped of every metadata (EXIF, GPS, XMP, ICC), turned upright. */
export type ImageVersion = { format: ImageFormat; width: number; height: number; bytes: Uint8Array };

/** The image upright, as its EXIF orientation shows it: its size and its versions; or why it is refused. */
export type ImageJudgement =
  | { problem: ImageProblem }
  | { source: ImageSource; width: number; height: number; versions: ImageVersion[] };
