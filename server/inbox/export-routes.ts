import type { RequestHandler } from 'express';
import { promiseCutoffs } from '../../shared/business-hours';
import { contactFields } from '../../shared/contact';
import type { BusinessCalendar } from '../../shared/holidays';
import { receivedAt } from '../../shared/lead';
import { LEAD_KINDS } from '../../shared/lead-status';
import { quoteFields } from '../../shared/quote';
import { readableInSaoPaulo, spreadsheetTimeInSaoPaulo } from '../../shared/sao-paulo-time';
import { type Column, csvColumns } from '../exports/columns';
import type { CsvExports } from '../exports/routes';
import { refuse, sendRefusal } from '../http/refusals';
import type { Stores } from '../stores';
import type { WorkplaceContext } from '../workplace/context';
import { pageRoute, type WorkplaceRoute } from '../workplace/route';
import type { ExportedLead, InboxExportStore } from './export-store';
import { parseView, viewSearch, withPromise } from './query';

// GET /painel/leads.csv?<view>: the inbox's current view as one spreadsheet
// (docs/requirements.md §6.4, §10.16). Contacts and quotes in one file, as the inbox lists them: a
// salesperson who exports "this view" expects the rows they see, in that order, in one sheet; a
// column a kind lacks stays empty (docs/decisions/035-inbox-export-and-report.md).

/** Both kinds' fields as one sheet's: shared ones (name, e-mail, source…) once, each kind's own after. */
const { source, ...fields } = { ...contactFields, ...quoteFields };
const leadColumns = csvColumns({ ...fields, createdAt: receivedAt('Recebido em'), source });

/** A note as one line of its cell: '22/11/2026 09:30 Ana Souza: Ligou, pediu proposta'. */
const noteLine = ({ createdAt, author, body }: ExportedLead['notes'][number]) =>
  `${readableInSaoPaulo(createdAt).replace(', ', ' ')} ${author.name}: ${body}`;

/** The sheet's columns: the kind, the lead as the API's exports give it, then the team's work on it. */
const LEAD_EXPORT_COLUMNS: readonly Column<ExportedLead>[] = [
  ['Tipo', (lead) => LEAD_KINDS[lead.kind]],
  ...leadColumns.map(([header, cell]): Column<ExportedLead> => [header, (lead) => cell(lead.record as never)]),
  ['Responsável', (lead) => lead.work.owner?.name],
  ['Motivo da perda', (lead) => lead.work.lostReason],
  [
    'Respondido em',
    (lead) => (lead.work.respondedAt === undefined ? undefined : spreadsheetTimeInSaoPaulo(lead.work.respondedAt)),
  ],
  // All of them in one cell, oldest first, a line each: the sheet stays one row per lead.
  ['Notas da equipe', (lead) => lead.notes.map(noteLine).join('\n')],
];

/**
 * The export's handler. A view that cannot be read is refused rather than widened: the list shows
 * what it left out, a file cannot, and a wider file than asked is more personal data than needed.
 * The audit line names the filter but not the search's words, which may be a person's name.
 */
export function inboxExport(store: InboxExportStore, exports: CsvExports, calendar: BusinessCalendar): RequestHandler {
  return async (req, res) => {
    const { params, problems, ...view } = parseView(req.query);
    // "Atrasados" and "Vencem em breve" as the list shows them at this moment.
    const query = withPromise(view.query, view.promise, promiseCutoffs(new Date(), calendar));
    if (problems.length) return sendRefusal(req, res, refuse('INVALID_VIEW', problems.join(' ')));
    await exports.send(req, res, {
      name: 'leads',
      columns: LEAD_EXPORT_COLUMNS,
      batches: (size) => store.leadBatches(query, size),
      detail: {
        table: 'leads',
        filter: viewSearch({ ...params, words: '' }).slice(1) || 'nenhum',
        searchWords: query.words?.length ?? 0,
      },
    });
  };
}

type ExportContext = WorkplaceContext & Pick<Stores, 'inboxExport'> & { exports: CsvExports };

/** The export is an admin's (see the decision above). */
export const exportRoutes = ({ inboxExport: leads, exports, calendar }: ExportContext): WorkplaceRoute[] => [
  pageRoute('GET', '/painel/leads.csv', 'admin', inboxExport(leads, exports, calendar)),
];
