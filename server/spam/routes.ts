import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { InboxCursor } from '../../shared/inbox';
import type { SuspectState } from '../../shared/spam';
import { INBOX_PAGE } from '../inbox/list-routes';
import { cursorParam, readCursor } from '../inbox/query';
import { auditContext } from '../module/audit';
import type { Stores } from '../stores';
import { fieldOf, type WorkplaceContext } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';

// The "Suspeitos" folder, /painel/suspeitos (docs/requirements.md §6.4): the posts the
// filter held, each with why, and the two buttons that decide them. Every member's, as the inbox is.
// An action answers 303 back to the tab and page it was made on, with its outcome in the URL
// (`aviso`, one of OUTCOMES: never text from the request), so a reload repeats nothing.

const SUSPECTS_PATH = '/painel/suspeitos';

/** What an action did, as the folder says it; `lead` links the post to its page once it is a contact. */
export const OUTCOMES = {
  liberado: { text: 'Contato liberado: está na caixa de entrada e foi para a entrega.', lead: true },
  'ja-liberado': { text: 'Este contato já tinha sido liberado.', lead: true },
  spam: { text: 'Marcado como spam: fica fora da caixa de entrada, em “Marcados como spam”.', lead: false },
  'ja-spam': { text: 'Este contato já estava marcado como spam.', lead: false },
  movido: {
    text: 'Contato movido para “Marcados como spam”: saiu da caixa de entrada e não será entregue.',
    lead: false,
  },
} as const;
type Outcome = keyof typeof OUTCOMES;

/** What a bulk action did, as the folder says it, from its counts (never text from the request). */
const BULK_OUTCOMES = {
  'lote-liberados': (done: number) =>
    `${done} ${done === 1 ? 'contato liberado: está' : 'contatos liberados: estão'} na caixa de entrada e ${done === 1 ? 'foi' : 'foram'} para a entrega.`,
  'lote-spam': (done: number) =>
    `${done} ${done === 1 ? 'envio marcado' : 'envios marcados'} como spam: ${done === 1 ? 'fica' : 'ficam'} fora da caixa de entrada, em “Marcados como spam”.`,
  'lote-vazio': () => 'Nenhum envio selecionado: marque os que quer decidir, ou “Selecionar todos desta página”.',
} as const;
type BulkOutcome = keyof typeof BULK_OUTCOMES;

/** Said beside a bulk outcome when some of the posts had been decided by someone else first. */
const alreadyText = (already: number) =>
  already > 0 ? ` ${already} já ${already === 1 ? 'tinha sido decidido' : 'tinham sido decididos'} antes.` : '';

/** A count from the URL: 0 to a page's worth, else 0. */
const countOf = (text: string) => (/^\d{1,3}$/.test(text) ? Math.min(Number(text), INBOX_PAGE) : 0);

/** Where the folder is: its tab, its page, and what was just done there. */
type Place = { state: SuspectState; cursor?: InboxCursor; outcome?: Outcome; lead?: string };

/** The folder's address for `place`: only what differs from its first page of Suspeitos. */
function folderHref({ state, cursor, outcome, lead }: Place) {
  const search = new URLSearchParams();
  if (state === 'spam') search.set('estado', 'spam');
  if (cursor) search.set('apos', cursorParam(cursor));
  if (outcome) search.set('aviso', outcome);
  if (lead && outcome && OUTCOMES[outcome].lead) search.set('lead', lead);
  const query = search.toString();
  return query ? `${SUSPECTS_PATH}?${query}` : SUSPECTS_PATH;
}

const uuid = z.uuid();
const idOf = (value: unknown) => {
  const parsed = uuid.safeParse(value);
  return parsed.success ? parsed.data.toLowerCase() : undefined;
};

/** A tab and a page from their parameters' text, with what could not be read said in Portuguese. */
function placeOf(state: string, after: string) {
  const problems: string[] = [];
  if (state && state !== 'spam') problems.push('Pasta desconhecida: mostramos os Suspeitos.');
  const cursor = after ? readCursor(after) : undefined;
  if (after && !cursor) problems.push('Link de página inválido: voltamos ao começo da lista.');
  return { place: { state: state === 'spam' ? 'spam' : 'suspect', cursor } as Place, problems };
}

type SuspectContext = WorkplaceContext & Pick<Stores, 'suspects' | 'inbox' | 'audit'>;

export function suspectRoutes({ suspects, inbox, audit, render }: SuspectContext): WorkplaceRoute[] {
  const folder: RequestHandler = async (req, res) => {
    const text = (name: string) => {
      const value = req.query[name];
      const first = Array.isArray(value) ? value[0] : value;
      return typeof first === 'string' ? first.trim().slice(0, 200) : '';
    };
    const { place, problems } = placeOf(text('estado'), text('apos'));
    const outcome = Object.hasOwn(OUTCOMES, text('aviso')) ? (text('aviso') as Outcome) : undefined;
    const bulk = Object.hasOwn(BULK_OUTCOMES, text('aviso')) ? (text('aviso') as BulkOutcome) : undefined;
    const lead = outcome && OUTCOMES[outcome].lead ? idOf(text('lead')) : undefined;
    // One more than a page: whether it exists says whether "Mais antigos" has anything to show.
    const [rows, counts] = await Promise.all([
      suspects.listSuspects(place.state, INBOX_PAGE + 1, place.cursor),
      suspects.suspectCounts(),
    ]);
    const posts = rows.slice(0, INBOX_PAGE);
    const last = posts.at(-1);
    // Each post is shown whole, as sent: a read of personal data (docs/requirements.md §11.6), with the posts it
    // showed.
    if (posts.length > 0)
      await audit.recordAudit({
        ...auditContext(req, res),
        action: 'leads.read',
        leadIds: posts.map((post) => post.id),
        detail: { view: 'suspeitos', state: place.state, ...(place.cursor && { page: 'seguinte' }) },
      });
    render(res, 200, 'suspects', {
      state: place.state,
      counts,
      posts,
      problems,
      now: new Date().toISOString(),
      back: { estado: place.state === 'spam' ? 'spam' : '', apos: place.cursor ? cursorParam(place.cursor) : '' },
      // "Selecionar todos desta página" acts on no post newer than the first one shown.
      newest: posts[0] ? cursorParam(posts[0]) : '',
      ...(outcome && { notice: { text: OUTCOMES[outcome].text, ...(lead && { lead: `/painel/leads/${lead}` }) } }),
      ...(bulk && {
        notice: { text: BULK_OUTCOMES[bulk](countOf(text('feitos'))) + alreadyText(countOf(text('ja'))) },
      }),
      ...(rows.length > INBOX_PAGE && last && { older: folderHref({ state: place.state, cursor: last }) }),
      ...(place.cursor && { first: folderHref({ state: place.state }) }),
    });
  };

  /** Back to the tab and page the button was pressed on, saying what became of the post. */
  const back = (req: Request, res: Response, outcome: Outcome, lead: string) => {
    const { place } = placeOf(fieldOf(req, 'estado'), fieldOf(req, 'apos'));
    res.redirect(303, folderHref({ ...place, outcome, lead }));
  };

  // An id that is no post's nor a contact's falls through to the site's 404 page, as any unknown path.
  const release: RequestHandler = async (req, res, next) => {
    const id = idOf(req.params.id);
    if (!id) return next();
    if ((await suspects.releaseSuspect(id, auditContext(req, res))) !== 'gone') return back(req, res, 'liberado', id);
    // Another member (or this one's double click) released it first: it is a contact now.
    if (await inbox.getLead(id)) return back(req, res, 'ja-liberado', id);
    next();
  };

  const markSpam: RequestHandler = async (req, res, next) => {
    const id = idOf(req.params.id);
    if (!id) return next();
    const marked = await suspects.markSpam(id, auditContext(req, res));
    if (marked !== 'gone') return back(req, res, marked === 'marked' ? 'spam' : 'ja-spam', id);
    if (await inbox.getLead(id)) return back(req, res, 'ja-liberado', id);
    next();
  };

  /** "É spam" on a contact that got through: it leaves the inbox for the folder's spam tab. */
  const moveToSpam: RequestHandler = async (req, res, next) => {
    const id = idOf(req.params.id);
    if (!id) return next();
    const moved = await suspects.moveToSpam(id, auditContext(req, res));
    if (moved === 'gone') return next();
    res.redirect(303, folderHref({ state: 'spam', outcome: moved === 'marked' ? 'movido' : 'ja-spam' }));
  };

  /**
   * Several posts at once (docs/requirements.md §6.4): the ones ticked, or every post of the page as it was shown
   * (`todos`: the page from `apos`, no newer than the first shown, `de`). Each goes through the same
   * store call as its own button, in its own transaction: a release still delivers exactly once,
   * and each decision is its own audit line.
   */
  const bulkAction: RequestHandler = async (req, res) => {
    const { place } = placeOf(fieldOf(req, 'estado'), fieldOf(req, 'apos'));
    const action = fieldOf(req, 'acao') === 'spam' && place.state === 'suspect' ? 'spam' : 'liberar';
    const ticked = [(req.body as Record<string, unknown>).ids ?? []].flat().map(idOf);
    let ids = [...new Set(ticked.filter((id): id is string => id !== undefined))].slice(0, INBOX_PAGE);
    if (fieldOf(req, 'todos') === 'sim') {
      const newest = readCursor(fieldOf(req, 'de'));
      const shown = await suspects.listSuspects(place.state, INBOX_PAGE, place.cursor);
      ids = shown
        .filter(
          ({ createdAt, id }) =>
            !newest || createdAt < newest.createdAt || (createdAt === newest.createdAt && id <= newest.id),
        )
        .map(({ id }) => id);
    }
    const where = folderHref({ state: place.state, cursor: place.cursor });
    const to = (outcome: BulkOutcome, done = 0, already = 0) =>
      res.redirect(
        303,
        `${where}${where.includes('?') ? '&' : '?'}${new URLSearchParams({ aviso: outcome, feitos: String(done), ja: String(already) })}`,
      );
    if (ids.length === 0) return to('lote-vazio');
    const by = auditContext(req, res);
    let done = 0;
    let already = 0;
    for (const id of ids) {
      if (action === 'liberar') {
        if ((await suspects.releaseSuspect(id, by)) !== 'gone') done++;
        else if (await inbox.getLead(id)) already++;
      } else {
        const marked = await suspects.markSpam(id, by);
        if (marked === 'marked') done++;
        else if (marked === 'already' || (await inbox.getLead(id))) already++;
      }
    }
    to(action === 'liberar' ? 'lote-liberados' : 'lote-spam', done, already);
  };

  return [
    pageRoute('GET', SUSPECTS_PATH, 'vendas', folder),
    pageRoute('POST', `${SUSPECTS_PATH}/lote`, 'vendas', bulkAction),
    pageRoute('POST', `${SUSPECTS_PATH}/:id/liberar`, 'vendas', release),
    pageRoute('POST', `${SUSPECTS_PATH}/:id/spam`, 'vendas', markSpam),
    pageRoute('POST', '/painel/leads/:id/spam', 'vendas', moveToSpam),
  ];
}
