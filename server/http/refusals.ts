import type { Request, Response } from 'express';
import type { ApiFailure } from '../../shared/api/types';
import { FIELDS_TO_FIX } from '../../shared/form-messages';

/**
 * Every refusal the site answers, listed once (docs/requirements.md §8, §10.2): its status, a
 * stable machine-readable code for clients to branch on, and the Portuguese message written for
 * whoever sent the request. API clients read the three as JSON; the form without JavaScript shows
 * the message on its page (§4.2). Fastify's errors.js is the model: a code never changes meaning,
 * and a new refusal gets a new code. A message that names something of the request takes it as
 * `detail`.
 */
export const REFUSALS = {
  MALFORMED_TARGET: { status: 400, message: 'Endereço inválido: confira o link e tente novamente.' },
  BAD_REQUEST: { status: 400, message: 'Requisição inválida.' },
  INVALID_JSON: { status: 400, message: 'JSON malformado: verifique o corpo da requisição.' },
  INVALID_TEXT: {
    status: 400,
    message: 'O conteúdo enviado tem caracteres inválidos (não é UTF-8 válido). Revise o texto e envie novamente.',
  },
  INCOMPLETE_BODY: { status: 400, message: 'A requisição foi interrompida ou está incompleta.' },
  INVALID_FIELDS: { status: 400, message: FIELDS_TO_FIX },
  INVALID_IDEMPOTENCY_KEY: {
    status: 400,
    message: 'Idempotency-Key inválida: use de 1 a 255 caracteres visíveis, por exemplo um UUID.',
  },
  INVALID_PAGINATION: { status: 400, message: 'Parâmetros de paginação inválidos.' },
  INVALID_SUBJECT_EMAIL: {
    status: 400,
    message: 'Informe o e-mail do titular em ?email=, por exemplo ?email=nome@empresa.com.br.',
  },
  INVALID_VIEW: {
    status: 400,
    message: (problems: string) =>
      `Filtro inválido, nada exportado: ${problems} Volte à caixa de entrada e refaça o filtro.`,
  },
  INVALID_QUOTE_ID: { status: 400, message: 'Identificador inválido: use o UUID devolvido ao criar a cotação.' },
  INVALID_CONTACT_ID: { status: 400, message: 'Identificador inválido: use o UUID devolvido ao criar o contato.' },
  UNAUTHORIZED: {
    status: 401,
    message: 'Credencial ausente ou inválida: envie o cabeçalho Authorization: Bearer <token>.',
  },
  READS_DISABLED: {
    status: 403,
    message: 'Consultas desativadas: defina ADMIN_TOKEN no servidor para habilitar a leitura de contatos e cotações.',
  },
  CROSS_SITE: {
    status: 403,
    message: 'Envio recusado: este formulário só pode ser enviado a partir do nosso próprio site.',
  },
  NOT_FOUND: { status: 404, message: 'Recurso não encontrado.' },
  QUOTE_NOT_FOUND: { status: 404, message: 'Cotação não encontrada.' },
  CONTACT_NOT_FOUND: { status: 404, message: 'Contato não encontrado.' },
  METHOD_NOT_ALLOWED: {
    status: 405,
    message: (allow: string) => `Método não permitido neste endereço. Use: ${allow}.`,
  },
  /** Sent with the lead as it now stands (`data`) and its ETag (docs/requirements.md §6.2). */
  LEAD_CHANGED: {
    status: 412,
    message:
      'O lead mudou desde a versão do If-Match: veja em data como ele está agora (ETag) e refaça a alteração se ' +
      'ainda fizer sentido.',
  },
  REQUEST_TIMEOUT: { status: 408, message: 'A requisição demorou demais para chegar. Tente novamente.' },
  BODY_TOO_LARGE: { status: 413, message: 'O conteúdo enviado excede o limite de 16 KB.' },
  BODY_NOT_ALLOWED: {
    status: 413,
    message: (method: string) => `Uma requisição ${method} não pode ter corpo: envie-a sem conteúdo.`,
  },
  UPLOAD_TOO_LARGE: {
    status: 413,
    message: 'O arquivo enviado excede o limite de 5 MB: envie um currículo em PDF menor.',
  },
  FIELD_TOO_LARGE: { status: 413, message: 'Um dos campos do formulário é longo demais.' },
  TOO_MANY_FILES: { status: 400, message: 'Envie um único arquivo: o seu currículo em PDF.' },
  PHOTO_TOO_LARGE: {
    status: 413,
    message: 'Uma das fotos passa de 12 MB: tire a foto de novo com menos qualidade, ou envie outra.',
  },
  TOO_MANY_PHOTOS: { status: 400, message: 'Envie no máximo 4 fotos do canhoto.' },
  MULTIPART_INVALID: {
    status: 400,
    message: 'O envio do formulário está malformado (multipart sem boundary ou interrompido). Tente enviar de novo.',
  },
  MULTIPART_REQUIRED: {
    status: 415,
    message: 'Formato não suportado: envie o formulário como multipart/form-data, com o currículo em PDF.',
  },
  TOO_MANY_FIELDS: { status: 413, message: 'O formulário tem campos demais: no máximo 50.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Formato não suportado: envie os dados como application/json.' },
  UNSUPPORTED_CONTENT_ENCODING: {
    status: 415,
    message: 'Compressão não suportada: envie o corpo sem Content-Encoding.',
  },
  UNSUPPORTED_CHARSET: { status: 415, message: 'Codificação não suportada: envie o conteúdo em UTF-8.' },
  RATE_LIMITED: {
    status: 429,
    message: (minutes: string) =>
      `Muitas solicitações em pouco tempo. Tente novamente em ${minutes} ${minutes === '1' ? 'minuto' : 'minutos'}.`,
  },
  /** /rastreio's lookups past their limit per address (docs/requirements.md §12.9). */
  TOO_MANY_LOOKUPS: {
    status: 429,
    message: (minutes: string) =>
      `Muitas consultas a partir deste endereço. Tente novamente em ${minutes} ${minutes === '1' ? 'minuto' : 'minutos'}.`,
  },
  SHIPMENT_NOT_FOUND: { status: 404, message: 'Embarque não encontrado: confira o código ou a chave do CT-e.' },
  TOO_MANY_WRONG_LINKS: {
    status: 429,
    message: (minutes: string) =>
      `Links errados demais a partir deste endereço. Tente novamente em ${minutes} ${minutes === '1' ? 'minuto' : 'minutos'}.`,
  },
  TOO_MANY_WRONG_TOKENS: {
    status: 429,
    message: (minutes: string) =>
      `Credenciais inválidas demais a partir deste endereço. Tente novamente em ${minutes} ${minutes === '1' ? 'minuto' : 'minutos'}.`,
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    message: 'Os cabeçalhos da requisição são grandes demais. Limpe os cookies deste site e tente novamente.',
  },
  INTERNAL_ERROR: { status: 500, message: 'Erro interno. Tente novamente mais tarde.' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  },
  /** Answered by the kit's proxy (deploy/haproxy/haproxy.cfg): Node refuses such a request line itself. */
  VERSION_NOT_SUPPORTED: { status: 505, message: 'Versão do HTTP não suportada.' },
  UPLOADS_BUSY: {
    status: 503,
    message: 'Estamos recebendo muitos arquivos agora: envie o formulário de novo em um minuto.',
  },
  EXPORTS_BUSY: {
    status: 503,
    message: 'Há exportações demais em andamento. Tente novamente em alguns segundos.',
  },
} as const satisfies Record<string, { status: number; message: string | ((detail: string) => string) }>;

export type RefusalCode = keyof typeof REFUSALS;

/** The codes whose message names something of the request, which `refuse` then needs. */
export type WithDetail = {
  [C in RefusalCode]: (typeof REFUSALS)[C]['message'] extends string ? never : C;
}[RefusalCode];

type Extras = {
  /** One Portuguese message per field (a validation's, a query's). */
  errors?: Record<string, string>;
  /** Headers the refusal needs: Allow with a 405, WWW-Authenticate with a 401. */
  headers?: Record<string, string>;
  /** What the client needs to decide again: with a 412, the resource as it now stands. */
  data?: unknown;
};

/** A request the site refuses: thrown or passed to next() on its way, or sent by sendRefusal. */
export class Refusal extends Error {
  readonly status: number;

  constructor(
    readonly code: RefusalCode,
    message: string,
    readonly extras: Extras = {},
  ) {
    super(message);
    this.status = REFUSALS[code].status;
  }
}

/** The refusal `code`, with its catalogued status and message. */
export function refuse(code: Exclude<RefusalCode, WithDetail>, extras?: Extras): Refusal;
export function refuse(code: WithDetail, detail: string, extras?: Extras): Refusal;
export function refuse(code: RefusalCode, ...rest: [string, Extras?] | [Extras?]) {
  const { message } = REFUSALS[code];
  if (typeof message === 'string') return new Refusal(code, message, rest[0] as Extras | undefined);
  return new Refusal(code, message(rest[0] as string), rest[1]);
}

/** Outside /api a refusal is a short plain-text reply; a 404's says only that. */
const PLAIN_NOT_FOUND = 'Não encontrado';

/**
 * The one writer of every failure reply: the status, the refusal's headers, and the failure
 * envelope under /api (its code, its message, its field errors), plain text elsewhere.
 */
export function sendRefusal(req: Request, res: Response, { status, code, message, extras }: Refusal) {
  res.status(status);
  if (extras.headers) res.set(extras.headers);
  if (`${req.baseUrl}${req.path}`.startsWith('/api/')) {
    res.json({
      success: false,
      code,
      message,
      ...(extras.errors && { errors: extras.errors }),
      ...(extras.data !== undefined && { data: extras.data }),
    } satisfies ApiFailure);
    return;
  }
  res.type('text/plain; charset=utf-8').send(status === 404 ? PLAIN_NOT_FOUND : message);
}
