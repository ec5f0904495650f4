import { type ErrorRequestHandler, type Request, type RequestHandler, type Response, Router } from 'express';
import {
  APPLICATION_FIELDS,
  APPLICATION_PATH,
  APPLICATION_SENT_PATH,
  type ApplicationField,
  type ApplicationFormState,
  EMPTY_FIELD_MESSAGES,
  type PositionChoice,
} from '../../shared/application';
import { applicationPage } from '../../shared/application-page';
import { STAMP_FIELD } from '../../shared/contact-form';
import { CV_PROBLEMS, type CvProblem } from '../../shared/cv-problems';
import { type MunicipalityIndex, resolveMunicipality } from '../../shared/municipalities';
import { trapped } from '../contacts/honeypot';
import { allowOnly } from '../http/methods';
import { Refusal } from '../http/refusals';
import { fieldErrors } from '../http/validation';
import type { RenderStamps } from '../pages/render-stamp';
import type { PageRenderer } from '../pages/renderer';
import type { Logger } from '../process/logger';
import type { Stores } from '../stores';
import { checkCv } from './cv-check';
import { safeFileName } from './file-name';
import { readUpload } from './upload';
import { applicationFields, applicationShape } from './validation';

type ApplicationDeps = {
  stores: Pick<Stores, 'applications' | 'positions'>;
  renderPage: PageRenderer;
  logger: Logger;
  /** The public writes' guards: this site only, within the client's rate (server/app.ts). */
  writeGuards: RequestHandler[];
  stamps: RenderStamps;
  municipalities: MunicipalityIndex;
};

/** The positions open now, as the form offers them: the title and where (server/careers/). */
const positionChoices = async ({ positions }: Pick<Stores, 'positions'>): Promise<PositionChoice[]> =>
  (await positions.listOpen()).map(({ id, title, city, uf }) => ({ id, label: `${title} — ${city}/${uf}` }));

/** The form's strings as posted, and only those: a value typed is shown again, never anything else. */
function postedValues(body: unknown): NonNullable<ApplicationFormState['values']> {
  const posted = (body ?? {}) as Record<string, unknown>;
  const values: NonNullable<ApplicationFormState['values']> = {};
  for (const field of APPLICATION_FIELDS) {
    const value = posted[field];
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

/**
 * /trabalhe-conosco/candidatura (docs/requirements.md §4.6): the form, rendered per request with the open
 * positions, and its multipart POST. Every outcome is a page: the confirmation (303, PRG), or the
 * form again with what was typed and each problem named, the CV's among them.
 */
export function applicationRoutes(deps: ApplicationDeps) {
  const { stores, renderPage, logger, writeGuards, stamps, municipalities } = deps;
  const openPositions = () => positionChoices(stores);

  const formPage = async (
    req: Request,
    res: Response,
    status: number,
    state: Omit<ApplicationFormState, 'positions'>,
  ) =>
    renderPage(req, res, {
      status,
      path: APPLICATION_PATH,
      islands: { application: { positions: await openPositions(), ...state } },
      personal: true,
    });

  const show: RequestHandler = async (req, res) => {
    const asked = typeof req.query.vaga === 'string' ? req.query.vaga : '';
    const positions = await openPositions();
    const vaga = positions.some((position) => position.id === asked) ? asked : '';
    await formPage(req, res, 200, { values: { vaga } });
  };

  const post: RequestHandler = async (req, res, next) => {
    let upload: Awaited<ReturnType<typeof readUpload>>;
    try {
      upload = await readUpload(req);
    } catch (error) {
      return next(error);
    }
    try {
      await answer(req, res, upload);
    } finally {
      await upload.file?.spooled.discard();
    }
  };

  /** The form's outcome for what was posted, the CV on disk meanwhile. */
  const answer = async (req: Request, res: Response, { fields, file }: Awaited<ReturnType<typeof readUpload>>) => {
    const errors: Partial<Record<ApplicationField, string>> = {};
    const parsed = applicationShape.safeParse(fields);
    if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error));
    const city = parsed.success ? resolveMunicipality(municipalities, parsed.data.cidade, parsed.data.uf) : undefined;
    if (city && city.kind !== 'found')
      errors.cidade = `Não encontramos o município “${parsed.data?.cidade}” em ${parsed.data?.uf}: confira o nome e a UF.`;
    let position: { title: string } | undefined;
    if (parsed.success && parsed.data.vaga !== '') {
      position = (await stores.positions.listOpen()).find(({ id }) => id === parsed.data.vaga);
      if (!position) errors.vaga = 'Esta vaga não está mais aberta: escolha outra ou o banco de talentos.';
    }
    let problem: CvProblem | undefined;
    if (!file) errors.curriculo = EMPTY_FIELD_MESSAGES.curriculo;
    else {
      problem = await checkCv(file.spooled, req.ip ?? '', (detail) => logger.warn({ path: APPLICATION_PATH }, detail));
      if (problem) errors.curriculo = CV_PROBLEMS[problem];
    }
    if (!parsed.success || city?.kind !== 'found' || Object.keys(errors).length > 0 || !file) {
      // Not the file's fault: the candidate is asked to send it again in a minute, all typed kept.
      const later = problem === 'busy' || problem === 'unavailable';
      if (later) res.set('Retry-After', '60');
      return formPage(req, res, later ? 503 : 400, {
        formError: applicationPage.invalid,
        values: postedValues(fields),
        errors,
      });
    }
    const received = await stores.applications.receive(
      applicationFields(parsed.data, city.municipality.name),
      { name: safeFileName(file.name), bytes: await file.spooled.read() },
      { honeypot: trapped(fields), stamp: stamps.check(fields[STAMP_FIELD]) },
      position?.title,
    );
    // A suspect is answered exactly as an application: a bot learns nothing.
    if (received.held) logger.info({ path: APPLICATION_PATH }, 'candidatura retida como suspeita');
    res.redirect(303, APPLICATION_SENT_PATH);
  };

  /**
   * A post refused before its fields were all read (its size, its framing, its origin, its rate)
   * gets the form again with the reason above it and what arrived of the fields before the refusal.
   */
  const refusedPage: ErrorRequestHandler = (error, req, res, next) => {
    if (!(error instanceof Refusal) || req.method !== 'POST') return next(error);
    return formPage(req, res, error.status, { formError: error.message, values: postedValues(req.body) });
  };

  const router = Router({ caseSensitive: true, strict: true });
  router
    .route(APPLICATION_PATH)
    .all(allowOnly('GET', 'POST'))
    .get(show)
    .post(...writeGuards, post);
  router.use(APPLICATION_PATH, refusedPage);
  return router;
}
