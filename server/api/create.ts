import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { ApiFailure, ApiSuccess } from '../../shared/api-types';
import type { CreateResult, IdempotencyKey } from '../db/repository';
import { bodyKind } from './body';
import { idempotencyKey, invalidFields } from './validation';

/** How an endpoint that also serves the no-JS HTML form answers that form. */
export type FormReplies = {
  invalid(req: Request, res: Response, error: z.ZodError): void;
  stored(req: Request, res: Response): void;
};

export type CreateEndpoint<S extends z.ZodType, T> = {
  schema: S;
  create(fields: z.output<S>, idempotency: IdempotencyKey | undefined): Promise<CreateResult<T>>;
  /** The Portuguese message of the 201 reply. */
  createdMessage: string;
  /** Without it, a urlencoded body is refused with 415 like any non-JSON one. */
  form?: FormReplies;
};

/** The one POST flow of the API: content type → validation → Idempotency-Key → store → reply. */
export function createHandler<S extends z.ZodType, T>({ schema, create, createdMessage, form }: CreateEndpoint<S, T>): RequestHandler {
  return async (req, res) => {
    const kind = bodyKind(req);
    if (!kind || (kind === 'form' && !form)) {
      res.status(415).json(unsupportedType);
      return;
    }
    const parsed = schema.safeParse(req.body);
    if (!parsed.success) {
      if (kind === 'form') form!.invalid(req, res, parsed.error);
      else res.status(400).json(invalidFields(parsed.error));
      return;
    }
    const idempotency = idempotencyKey(req, parsed.data);
    if (idempotency === 'invalid') {
      res.status(400).json(invalidKey);
      return;
    }
    const result = await create(parsed.data, idempotency);
    if (result.outcome === 'conflict') {
      res.status(422).json(reusedKey);
      return;
    }
    if (result.outcome === 'replayed') res.setHeader('Idempotent-Replayed', 'true');
    if (kind === 'form') form!.stored(req, res);
    else res.status(201).json({ success: true, message: createdMessage, data: result.record } satisfies ApiSuccess<T>);
  };
}

const unsupportedType: ApiFailure = {
  success: false,
  message: 'Formato não suportado: envie os dados como application/json.',
};

const invalidKey: ApiFailure = {
  success: false,
  message: 'Idempotency-Key inválida: use de 1 a 255 caracteres visíveis, por exemplo um UUID.',
};

const reusedKey: ApiFailure = {
  success: false,
  message: 'Esta Idempotency-Key já foi usada com outro conteúdo. Gere uma nova chave para uma nova solicitação.',
};
