// Why a CV is refused (docs/requirements.md §4.6), each in the Portuguese the form shows beside the file: apart
// from server/applications/pdf-check.ts, so that the server names the problems without loading
// pdf.js, and the form's island names what its first bytes say as soon as the file is chosen (§4.6).

export const CV_PROBLEMS = {
  empty: 'O arquivo do currículo está vazio.',
  png: 'O arquivo é uma imagem PNG com nome de PDF: envie o currículo em PDF.',
  jpeg: 'O arquivo é uma imagem JPEG com nome de PDF: envie o currículo em PDF.',
  html: 'O arquivo é uma página HTML, não um PDF: envie o currículo em PDF.',
  zip: 'O arquivo é um documento compactado (ZIP, Word ou similar), não um PDF: salve o currículo como PDF.',
  notPdf: 'O arquivo não é um PDF: envie o currículo em PDF.',
  javascript: 'O PDF contém JavaScript, que não aceitamos: gere o PDF de novo, sem scripts.',
  attachment: 'O PDF contém um arquivo anexado, que não aceitamos: envie só o currículo.',
  launch: 'O PDF tenta abrir outro programa, o que não aceitamos: gere o PDF de novo.',
  encrypted: 'O PDF está protegido por senha ou criptografado: envie uma versão sem proteção.',
  sendsData:
    'O PDF tem um formulário que envia ou importa dados, o que não aceitamos: gere o PDF de novo, sem formulário.',
  bomb: 'O PDF tem conteúdo compactado que se expande demais para um currículo: gere o PDF de novo.',
  encoding:
    'O PDF usa uma codificação que não conseguimos verificar: gere o PDF de novo (por exemplo, "Salvar como PDF") e envie outra vez.',
  unreadable: 'Não conseguimos ler este PDF: ele parece danificado. Gere o PDF de novo e envie outra vez.',
  tooComplex:
    'Este PDF demora demais para ser lido: gere o PDF de novo (por exemplo, "Salvar como PDF") e envie outra vez.',
  busy: 'Estamos verificando muitos currículos agora: envie o formulário de novo em um minuto. Seus dados continuam preenchidos.',
  unavailable: 'Não conseguimos verificar o currículo agora: tente de novo em alguns minutos.',
} as const;
export type CvProblem = keyof typeof CV_PROBLEMS;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((byte, at) => bytes[at] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * What a file's first bytes (1 KB is enough) say against a CV: empty, or not a PDF, named by what it
 * is (a PNG, a JPEG, a ZIP or Word file, an HTML page); undefined when it starts as a PDF does, which
 * only the server's full check can clear.
 */
export function firstBytesProblem(bytes: Uint8Array): CvProblem | undefined {
  if (bytes.length === 0) return 'empty';
  if (startsWith(bytes, ascii('%PDF-'))) return undefined;
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('PK\x03\x04'))) return 'zip';
  const start = new TextDecoder()
    .decode(bytes.subarray(0, 1024))
    .replace(/^\ufeff/, '')
    .trimStart()
    .toLowerCase();
  if (/^<(!doctype html|html|head|body|script|svg|\?xml|!--)/.test(start)) return 'html';
  return 'notPdf';
}
