import type { RequestHandler } from 'express';
import { todayInSaoPaulo } from '../../shared/sao-paulo-time';
import type { ShipmentStore } from '../shipments';
import type { Stores } from '../stores';
import type { WorkplaceContext } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';
import { viewSearch } from './query';
import { proposalFigures, weekOf, weekReport } from './report';

// GET /painel/relatorio[?semana=AAAA-MM-DD] (docs/requirements.md §6.4): the week's
// figures for the whole team. Counts and times only, no person's data: every member may read it.

type ReportContext = WorkplaceContext &
  Pick<Stores, 'inboxReport'> & { shipments: Pick<ShipmentStore, 'weekDeliveries'> };

function reportPage({ inboxReport, shipments, render, calendar }: ReportContext): RequestHandler {
  return async (req, res) => {
    const param = typeof req.query.semana === 'string' ? req.query.semana.trim().slice(0, 20) : '';
    const today = todayInSaoPaulo();
    const { week, problem } = weekOf(param, today);
    const [counts, arrivals, sent, won, deliveries] = await Promise.all([
      inboxReport.weekCounts(week.since, week.until),
      inboxReport.weekArrivals(week.since, week.until),
      inboxReport.weekProposals(week.since, week.until),
      inboxReport.weekWon(week.since, week.until),
      shipments.weekDeliveries(week.since, week.until),
    ]);
    const now = new Date();
    const proposals = proposalFigures(sent, won, now, calendar, today);
    const report = weekReport(week, counts, arrivals, now, calendar, proposals);
    render(res, problem ? 400 : 200, 'report', {
      report,
      deliveries,
      problems: problem ? [problem] : [],
      hasNext: week.next <= today,
      // The week still running: its figures are so far, and the page says so.
      current: week.monday <= today && today < week.next,
      // The inbox can filter by a named source, not by its absence: "sem UTM" has no link.
      inboxLink: ({ source, campaign }) =>
        source === undefined
          ? undefined
          : `/painel${viewSearch({ source, ...(campaign !== undefined && { campaign }), from: week.monday, to: week.sunday })}`,
    });
  };
}

export const reportRoutes = (context: ReportContext): WorkplaceRoute[] => [
  pageRoute('GET', '/painel/relatorio', 'vendas', reportPage(context)),
];
