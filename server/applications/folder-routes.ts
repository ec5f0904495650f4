import type { Request, RequestHandler, Response } from 'express';
import {
  CNH_CATEGORIES,
  type CnhCategory,
  APPLICATIONS_FOLDER_PATH as FOLDER_PATH,
  STAGES,
  type Stage,
} from '../../shared/application';
import { UF_CODES } from '../../shared/uf';
import { auditContext } from '../module/audit';
import type { Stores } from '../stores';
import { asMemberId, fieldOf, type WorkplaceContext } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';
import type { ApplicationFilter } from './sql-store';

// The Candidaturas folder, /painel/candidaturas (docs/requirements.md §6.6): apart from the sales inbox, its
// routes open to admins only (docs/decisions/049-job-applications.md). Every list, read and
// download writes its audit line in the store; a change answers 303 back to the page (PRG), its
// outcome named in the URL by a key of SAVED or REFUSED, never text from the request.

const SAVED = {
  etapa: 'Salvo: etapa alterada.',
  nota: 'Salvo: nota adicionada.',
  liberada: 'Liberada: a candidatura entrou na pasta.',
} as const;

/** What a change sent wrong says on the page it goes back to: `?erro=nota`. */
const REFUSED = {
  etapa: 'Escolha uma das etapas da lista.',
  nota: 'Escreva a nota (até 2000 caracteres) antes de adicionar.',
} as const satisfies Partial<Record<keyof typeof SAVED, string>>;

const NOT_FOUND = 'Esta candidatura não existe mais: pode ter sido apagada pela retenção ou a pedido do titular.';
const MAX_NOTE = 2000;

const one = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** The folder's filter from the query: only values the folder knows; anything else is no filter. */
function folderFilter(query: Request['query']): ApplicationFilter {
  const cnh = one(query.cnh);
  const uf = one(query.uf);
  return {
    ...(asMemberId(query.vaga) && { positionId: String(query.vaga) }),
    ...(uf && (UF_CODES as readonly string[]).includes(uf) && { state: uf }),
    ...(one(query.cidade) && { city: one(query.cidade) }),
    ...(cnh && (CNH_CATEGORIES as readonly string[]).includes(cnh) && { cnh: cnh as CnhCategory }),
    ...(query.retidas === '1' && { held: true }),
  };
}

/** The CV's name for a download header: printable ASCII only in `filename`, the rest in `filename*`. */
function attachment(name: string) {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\%]/g, '') || 'curriculo.pdf';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

type FolderContext = WorkplaceContext & Pick<Stores, 'applications' | 'positions'>;

export function folderRoutes({ applications, positions, render }: FolderContext): WorkplaceRoute[] {
  const titles = async () => new Map((await positions.listAll()).map((position) => [position.id, position.title]));

  const list: RequestHandler = async (req, res) => {
    const filter = folderFilter(req.query);
    const [found, named] = await Promise.all([applications.list(filter, auditContext(req, res)), titles()]);
    render(res, 200, 'applications', {
      applications: found.map((application) => ({
        ...application,
        ...(application.positionId && { positionTitle: named.get(application.positionId) }),
      })),
      positions: [...named].map(([id, title]) => ({ id, label: title })),
      filter: {
        vaga: filter.positionId ?? '',
        cidade: filter.city ?? '',
        uf: filter.state ?? '',
        cnh: filter.cnh ?? '',
        retidas: filter.held === true,
      },
    });
  };

  const missing = (res: Response) => render(res, 404, 'applicationMissing', { message: NOT_FOUND });
  const idOf = (req: Request) => asMemberId(req.params.id);

  const show: RequestHandler = async (req, res) => {
    const id = idOf(req);
    const found = id && (await applications.read(id, auditContext(req, res)));
    if (!found) return missing(res);
    const { positionId } = found.application;
    const position = positionId ? await positions.get(positionId) : undefined;
    const saved = String(req.query.salvo ?? '');
    const refused = String(req.query.erro ?? '');
    render(res, 200, 'application', {
      ...found,
      application: { ...found.application, ...(position && { positionTitle: position.title }) },
      ...(Object.hasOwn(SAVED, saved) && { notice: { kind: 'ok', text: SAVED[saved as keyof typeof SAVED] } }),
      ...(Object.hasOwn(REFUSED, refused) && {
        notice: { kind: 'error', text: REFUSED[refused as keyof typeof REFUSED] },
      }),
    });
  };

  /**
   * The CV as a download only (docs/requirements.md §6.6): never shown in the site's origin, where a PDF viewer
   * would run in the team's session; `sandbox` would also strip any origin from it if a browser
   * displayed it anyway.
   */
  const download: RequestHandler = async (req, res) => {
    const id = idOf(req);
    const cv = id && (await applications.cv(id, auditContext(req, res)));
    if (!cv) return missing(res);
    res
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': attachment(cv.name),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "sandbox; default-src 'none'",
      })
      .send(cv.bytes);
  };

  /** Runs a change of the application, then answers 303 to its page with `saved`, or 404 when it is gone. */
  const change =
    (saved: keyof typeof SAVED, apply: (req: Request, res: Response, id: string) => Promise<boolean | 'invalid'>) =>
    async (req: Request, res: Response) => {
      const id = idOf(req);
      const outcome = id ? await apply(req, res, id) : false;
      if (outcome === 'invalid') return res.redirect(303, `${FOLDER_PATH}/${id}?erro=${saved}`);
      if (!outcome) return missing(res);
      res.redirect(303, `${FOLDER_PATH}/${id}?salvo=${saved}`);
    };

  const by = (req: Request, res: Response) => ({
    context: auditContext(req, res),
    author: res.locals.signedIn?.member.name ?? '',
  });

  const setStage = change('etapa', (req, res, id) => {
    const stage = fieldOf(req, 'etapa');
    if (!Object.hasOwn(STAGES, stage)) return Promise.resolve('invalid');
    return applications.setStage(id, stage as Stage, by(req, res));
  });

  const addNote = change('nota', (req, res, id) => {
    const body = fieldOf(req, 'nota').trim();
    if (body === '' || body.length > MAX_NOTE) return Promise.resolve('invalid');
    return applications.addNote(id, body, by(req, res));
  });

  const release = change('liberada', (req, res, id) => applications.release(id, by(req, res)));

  return [
    pageRoute('GET', FOLDER_PATH, 'admin', list),
    pageRoute('GET', `${FOLDER_PATH}/:id`, 'admin', show),
    pageRoute('GET', `${FOLDER_PATH}/:id/curriculo`, 'admin', download),
    pageRoute('POST', `${FOLDER_PATH}/:id/etapa`, 'admin', setStage),
    pageRoute('POST', `${FOLDER_PATH}/:id/nota`, 'admin', addNote),
    pageRoute('POST', `${FOLDER_PATH}/:id/liberar`, 'admin', release),
  ];
}
