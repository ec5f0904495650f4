import type { RequestHandler } from 'express';
import { businessMillisBetween, promiseCutoffs, promiseState } from '../../shared/business-hours';
import { dueAt, dueText } from '../../shared/due-time';
import type { QuoteFreight } from '../../shared/freight';
import type { BusinessCalendar } from '../../shared/holidays';
import type { InboxRow, ListedLead } from '../../shared/inbox';
import { memberName } from '../../shared/team';
import { quotesFreight } from '../freight/quote-freight';
import { auditContext } from '../module/audit';
import type { Stores } from '../stores';
import type { WorkplaceContext } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';
import { parseView, viewSearch, withPromise } from './query';

// The inbox, /painel (docs/requirements.md §6.4): contacts and quotes in one list,
// newest first, filtered by its URL, a page at a time. Every view is a GET form's URL, so a view can be
// shared, bookmarked, and works without JavaScript.

/** Leads per page: a morning's worth on a busy day, and one page's read stays within the bench's budget. */
export const INBOX_PAGE = 50;

/**
 * The clock of a row: it runs from arrival, or from its release out of the Suspeitos folder, while
 * the lead has never left Novo (shared/business-hours.ts).
 */
function listed(row: InboxRow, now: Date, calendar: BusinessCalendar): ListedLead {
  const started = new Date(row.releasedAt ?? row.createdAt);
  const waitedMs = businessMillisBetween(started, row.respondedAt ? new Date(row.respondedAt) : now, calendar);
  const waiting = row.status === 'new' && !row.respondedAt;
  if (!waiting) return { ...row, waitedMs };
  return {
    ...row,
    waitedMs,
    promise: promiseState(started, now, calendar),
    due: dueText(dueAt(started, calendar), now),
  };
}

/** The quotes' distance and floor on a page, by id: the tables and the lanes read once for the page. */
async function freightOfRows(freight: Stores['freight'], rows: InboxRow[]) {
  const quotes = rows.flatMap((row) => (row.trip ? [{ id: row.id, ...row.trip, createdAt: row.createdAt }] : []));
  const priced = await quotesFreight({ freight }, quotes);
  return new Map(quotes.map((quote, at) => [quote.id, priced[at]!]));
}

const withFreight = (freight?: QuoteFreight) => (freight ? { freight } : {});

type ListContext = WorkplaceContext & Pick<Stores, 'inbox' | 'team' | 'suspects' | 'audit' | 'freight'>;

/** The owner filter's members: the active ones, and the revoked who own leads or handed them over, marked (§6.3). */
async function ownersToFilter(team: Stores['team'], inbox: Stores['inbox']) {
  const members = await team.everyMember();
  const owning = await Promise.all(members.map((member) => !member.revoked || inbox.ownsLeads(member.id)));
  return members.filter((_, at) => owning[at]).map((member) => ({ id: member.id, name: memberName(member) }));
}

export function inboxListRoutes({
  inbox,
  team,
  suspects,
  audit,
  freight,
  render,
  calendar,
}: ListContext): WorkplaceRoute[] {
  const list: RequestHandler = async (req, res) => {
    const view = parseView(req.query as Record<string, unknown>);
    const now = new Date();
    const query = withPromise(view.query, view.promise, promiseCutoffs(now, calendar));
    // One more than a page: whether it exists says whether "Mais antigos" has anything to show.
    const [rows, members, held] = await Promise.all([
      inbox.listLeads(query, INBOX_PAGE + 1, view.cursor),
      ownersToFilter(team, inbox),
      suspects.suspectCounts(),
    ]);
    const page = rows.slice(0, INBOX_PAGE);
    const last = page.at(-1);
    // Names, e-mails and companies: a page of the list is a read of personal data (docs/requirements.md §11.6),
    // recorded with the leads it showed and its filter, never the search's words, which may be a person's name.
    if (page.length > 0)
      await audit.recordAudit({
        ...auditContext(req, res),
        action: 'leads.read',
        leadIds: page.map((row) => row.id),
        detail: {
          view: 'caixa de entrada',
          filter: viewSearch({ ...view.params, words: '' }).slice(1) || 'nenhum',
          searchWords: view.query.words?.length ?? 0,
          ...(view.cursor && { page: 'seguinte' }),
        },
      });
    const freights = await freightOfRows(freight, page);
    render(res, 200, 'inbox', {
      rows: page.map((row) => ({ ...listed(row, now, calendar), ...withFreight(freights.get(row.id)) })),
      members,
      params: view.params,
      problems: view.problems,
      suspects: held.suspect,
      ...(rows.length > INBOX_PAGE && last && { older: `/painel${viewSearch(view.params, last)}` }),
      ...(view.cursor && { first: `/painel${viewSearch(view.params)}` }),
      // The bulk copy is an admin's (docs/decisions/035-inbox-export-and-report.md): only they see the link.
      ...(res.locals.signedIn?.member.role === 'admin' && {
        exportHref: `/painel/leads.csv${viewSearch(view.params)}`,
      }),
    });
  };

  return [pageRoute('GET', '/painel', 'vendas', list)];
}
