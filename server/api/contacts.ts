import { Router } from 'express';
import type { ApiFailure, ApiSuccess, Created } from '../../shared/api-types';
import { contactInputSchema } from '../../shared/contact';
import { CONTACT_SENT_URL, invalidFormVariant } from '../contact-form-page';
import type { Repository } from '../db/repository';
import type { PageRenderer } from '../render';
import { bodyKind, readBody } from './body';
import { fieldErrors, idempotencyKey, invalidFields } from './validation';

export const CONTACT_CREATED_MESSAGE = 'Solicitação enviada com sucesso!';

export function contactsRouter(repository: Repository, renderPage: PageRenderer) {
  const router = Router();

  router.post('/', ...readBody, async (req, res) => {
    const kind = bodyKind(req);
    if (!kind) {
      res.status(415).json(unsupportedType);
      return;
    }
    const parsed = contactInputSchema.safeParse(req.body);
    if (!parsed.success) {
      if (kind === 'form') renderPage(req, res, invalidFormVariant(req.body, fieldErrors(parsed.error)));
      else res.status(400).json(invalidFields(parsed.error));
      return;
    }
    const idempotency = idempotencyKey(req, parsed.data);
    if (idempotency === 'invalid') {
      res.status(400).json(invalidKey);
      return;
    }
    const result = await repository.createContact(parsed.data, idempotency);
    if (result.outcome === 'conflict') {
      res.status(422).json(reusedKey);
      return;
    }
    if (result.outcome === 'replayed') res.setHeader('Idempotent-Replayed', 'true');
    if (kind === 'form') {
      res.redirect(303, CONTACT_SENT_URL);
      return;
    }
    res.status(201).json({ success: true, message: CONTACT_CREATED_MESSAGE, data: result.record } satisfies ApiSuccess<Created>);
  });

  return router;
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
