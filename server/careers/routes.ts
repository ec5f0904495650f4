import type { Request, RequestHandler, Response } from 'express';
import type { PositionInput } from '../../shared/positions';
import { auditContext } from '../module/audit';
import type { RouteDeps } from '../module/contract';
import { fieldOf } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';
import { type PositionErrors, parsePosition } from './position-input';
import type { PositionStore } from './sql-store';
import type { CAREERS_VIEWS } from './views';

// The positions an admin manages, /painel/vagas (docs/requirements.md §6.5): plain
// forms that work without JavaScript. A change answers 303 to the list with its outcome in the URL
// (`aviso`, one of OUTCOMES: never text from the request), so a reload repeats nothing; a refused
// form comes back with every field as typed and a message beside each wrong one. The store writes
// each change's audit line.

const POSITIONS_PATH = '/painel/vagas';

const OUTCOMES = {
  publicada: 'Vaga publicada: já aparece em “Trabalhe conosco”.',
  editada: 'Vaga salva.',
  encerrada: 'Vaga encerrada: saiu de “Trabalhe conosco”; as candidaturas a ela continuam guardadas.',
} as const;
type Outcome = keyof typeof OUTCOMES;

const MISSING = 'Esta vaga não existe, ou já estava encerrada.';
const FIELDS = ['title', 'city', 'uf', 'kind', 'requirements'] as const satisfies readonly (keyof PositionInput)[];

const typedIn = (req: Request) => Object.fromEntries(FIELDS.map((field) => [field, fieldOf(req, field)]));

type CareersDeps = Pick<RouteDeps<typeof CAREERS_VIEWS>, 'render'> & { positions: PositionStore };

export function careersRoutes({ positions, render }: CareersDeps): WorkplaceRoute[] {
  const showList = async (res: Response, status: number, notice?: { kind: 'ok' | 'error'; text: string }) =>
    render(res, status, 'positions', { positions: await positions.listAll(), notice });

  /** The form again, as typed, with what is wrong: a new position's, or the one being edited's. */
  const showForm = (
    res: Response,
    status: number,
    values: Record<string, string>,
    errors: PositionErrors,
    id?: string,
  ) => render(res, status, 'positionForm', { id, values, errors });

  const list: RequestHandler = (req, res) => {
    const outcome = String(req.query.aviso ?? '');
    const notice = outcome in OUTCOMES ? ({ kind: 'ok', text: OUTCOMES[outcome as Outcome] } as const) : undefined;
    return showList(res, 200, notice);
  };

  const newForm: RequestHandler = (_req, res) => showForm(res, 200, {}, {});

  const create: RequestHandler = async (req, res) => {
    const parsed = parsePosition(typedIn(req));
    if ('errors' in parsed) return showForm(res, 400, typedIn(req), parsed.errors);
    await positions.create(parsed.input, auditContext(req, res));
    res.redirect(303, `${POSITIONS_PATH}?aviso=publicada`);
  };

  const editForm: RequestHandler = async (req, res) => {
    const position = await positions.get(String(req.params.id));
    if (!position) return showList(res, 404, { kind: 'error', text: MISSING });
    render(res, 200, 'positionForm', { id: position.id, open: position.open, values: position, errors: {} });
  };

  const update: RequestHandler = async (req, res) => {
    const id = String(req.params.id);
    const parsed = parsePosition(typedIn(req));
    if ('errors' in parsed) return showForm(res, 400, typedIn(req), parsed.errors, id);
    const changed = await positions.update(id, parsed.input, auditContext(req, res));
    if (changed.outcome === 'missing') return showList(res, 404, { kind: 'error', text: MISSING });
    res.redirect(303, `${POSITIONS_PATH}?aviso=editada`);
  };

  const close: RequestHandler = async (req, res) => {
    const closed = await positions.close(String(req.params.id), auditContext(req, res));
    if (closed.outcome === 'missing') return showList(res, 404, { kind: 'error', text: MISSING });
    res.redirect(303, `${POSITIONS_PATH}?aviso=encerrada`);
  };

  return [
    pageRoute('GET', POSITIONS_PATH, 'admin', list),
    pageRoute('POST', POSITIONS_PATH, 'admin', create),
    pageRoute('GET', `${POSITIONS_PATH}/nova`, 'admin', newForm),
    pageRoute('GET', `${POSITIONS_PATH}/:id`, 'admin', editForm),
    pageRoute('POST', `${POSITIONS_PATH}/:id`, 'admin', update),
    pageRoute('POST', `${POSITIONS_PATH}/:id/encerrar`, 'admin', close),
  ];
}
