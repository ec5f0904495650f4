import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { ApiSuccess, Created } from '../../shared/api-types';
import { HONEYPOT_FIELD } from '../../client/contact-form-state';
import { CONTACT_SENT_URL } from '../contact-form-page';
import type { Logger } from '../logger';
import { bodyKind } from './body';
import { CONTACT_CREATED_MESSAGE } from './contacts';

/**
 * A bot that fills the hidden field gets the reply a person would get, so it learns
 * nothing, and nothing is stored. Runs after the body is read, before validation.
 */
export function honeypot(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const trap = (req.body as Record<string, unknown> | undefined)?.[HONEYPOT_FIELD];
    if (typeof trap !== 'string' || trap.trim() === '') return next();
    logger.info({ path: req.path }, 'honeypot preenchido: solicitação descartada');
    if (bodyKind(req) === 'form') return res.redirect(303, CONTACT_SENT_URL);
    const data = { id: randomUUID(), createdAt: new Date().toISOString() };
    res.status(201).json({ success: true, message: CONTACT_CREATED_MESSAGE, data } satisfies ApiSuccess<Created>);
  };
}
