// Why a CV is refused (issue 56 §2), each in the Portuguese the form shows beside the file: apart
// from pdf-check.ts, so that the server names the problems without loading pdf.js.

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
  bomb: 'O PDF tem conteúdo compactado que se expande demais para um currículo: gere o PDF de novo.',
  unreadable: 'Não conseguimos ler este PDF: ele parece danificado. Gere o PDF de novo e envie outra vez.',
  tooComplex:
    'Este PDF demora demais para ser lido: gere o PDF de novo (por exemplo, "Salvar como PDF") e envie outra vez.',
  busy: 'Estamos verificando muitos currículos agora: envie o formulário de novo em um minuto. Seus dados continuam preenchidos.',
  unavailable: 'Não conseguimos verificar o currículo agora: tente de novo em alguns minutos.',
} as const;
export type CvProblem = keyof typeof CV_PROBLEMS;
