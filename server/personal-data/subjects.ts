import { type Request, type RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { ApiSuccess, Erased, SubjectData } from '../../shared/api/types';
import { erasureOutcome } from '../../shared/erasure';
import { email } from '../../shared/fields';
import { allowOnly } from '../http/methods';
import { refuse, sendRefusal } from '../http/refusals';
import { fieldErrors } from '../http/validation';
import { auditContext } from '../module/audit';
import type { PersonalDataStore } from './sql-store';

/** ?email= of both requests, by the same rules as a lead's e-mail (docs/requirements.md §5.3). */
export const subjectQuerySchema = z.object({ email });

/** Reads ?email=, or answers 400 in Portuguese and gives undefined. */
function subjectEmail(req: Request, res: Parameters<RequestHandler>[1]) {
  const parsed = subjectQuerySchema.safeParse({ email: req.query.email });
  if (parsed.success) return parsed.data.email;
  sendRefusal(req, res, refuse('INVALID_SUBJECT_EMAIL', { errors: fieldErrors(parsed.error) }));
  return undefined;
}

/**
 * GET and DELETE /api/subjects?email=: what LGPD art. 18 lets a person ask of their data,
 * confirmation and access, and erasure (docs/requirements.md §10.17). Both behind the admin token,
 * both audited.
 */
export function subjectsRouter(personalData: PersonalDataStore, admin: RequestHandler) {
  const router = Router();
  const subject = router.route('/').all(allowOnly('GET', 'DELETE'), admin);
  subject.get(async (req, res) => {
    const address = subjectEmail(req, res);
    if (address === undefined) return;
    const data = await personalData.readSubject(address, auditContext(req, res));
    const found = data.contacts.length + data.quotes.length;
    res.json({
      success: true,
      message: found ? 'Dados encontrados para este e-mail.' : 'Nenhum dado guardado com este e-mail.',
      data,
    } satisfies ApiSuccess<SubjectData>);
  });
  subject.delete(async (req, res) => {
    const address = subjectEmail(req, res);
    if (address === undefined) return;
    const { message, data } = erasureOutcome(address, await personalData.eraseSubject(address, auditContext(req, res)));
    res.json({ success: true, message, data } satisfies ApiSuccess<Erased>);
  });
  return router;
}
