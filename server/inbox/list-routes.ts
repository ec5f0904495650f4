import type { RequestHandler } from 'express';
import { businessMillisBetween, promiseCutoffs, promiseState } from '../../shared/business-hours';
import { dueAt, dueText } from '../../shared/due-time';
import type { BusinessCalendar } from '../../shared/holidays';
import type { InboxRow, ListedLead } from '../../shared/inbox';
import type { Stores } from '../stores';
import type { WorkplaceContext } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';
import { parseView, viewSearch, withPromise } from './query';

// The inbox, /painel (issue 34 Deliver 1; docs/requirements.md §6.4): contacts and quotes in one list,
// newest first, filtered by its URL, a page at a time. Every view is a GET form's URL, so a view can be
// shared, bookmarked, and works without JavaScript.

/** Leads per page: a morning's worth on a busy day, and one page's read stays within the bench's budget. */
export const INBOX_PAGE = 50;

/** The clock of a row: it runs from arrival while the lead has never left Novo (shared/business-hours.ts). */
function listed(row: InboxRow, now: Date, calendar: BusinessCalendar): ListedLead {
  const arrived = new Date(row.createdAt);
  const waitedMs = businessMillisBetween(arrived, row.respondedAt ? new Date(row.respondedAt) : now, calendar);
  const waiting = row.status === 'new' && !row.respondedAt;
  if (!waiting) return { ...row, waitedMs };
  return {
    ...row,
    waitedMs,
    promise: promiseState(arrived, now, calendar),
    due: dueText(dueAt(arrived, calendar), now),
  };
}

type ListContext = WorkplaceContext & Pick<Stores, 'inbox' | 'team' | 'suspects'>;

export function inboxListRoutes({ inbox, team, suspects, render, calendar }: ListContext): WorkplaceRoute[] {
  const list: RequestHandler = async (req, res) => {
    const view = parseView(req.query as Record<string, unknown>);
    const now = new Date();
    const query = withPromise(view.query, view.promise, promiseCutoffs(now, calendar));
    // One more than a page: whether it exists says whether "Mais antigos" has anything to show.
    const [rows, members, held] = await Promise.all([
      inbox.listLeads(query, INBOX_PAGE + 1, view.cursor),
      team.listMembers(),
      suspects.suspectCounts(),
    ]);
    const page = rows.slice(0, INBOX_PAGE);
    const last = page.at(-1);
    render(res, 200, 'inbox', {
      rows: page.map((row) => listed(row, now, calendar)),
      members: members.map(({ id, name }) => ({ id, name })),
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
