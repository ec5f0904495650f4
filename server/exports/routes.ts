import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type RequestHandler, Router } from 'express';
import { contactFields } from '../../shared/contact';
import { quoteFields } from '../../shared/quote';
import { todayInSaoPaulo } from '../../shared/sao-paulo-time';
import type { ContactStore } from '../contacts/sql-store';
import { requireAdmin } from '../http/admin';
import { allowOnly } from '../http/methods';
import type { QuoteStore } from '../quotes/sql-store';
import { type Column, csvColumns } from './columns';
import { BOM, csvLine } from './csv';

/**
 * Rows per read. Each batch is one short statement (on SQLite every statement of the process waits
 * its turn) and is written before the next is read, so memory holds about one batch whatever the
 * table's size.
 */
const BATCH_ROWS = 500;

/**
 * GET of a whole table as a CSV file, newest first (docs/requirements.md §10.16). The first batch is
 * read before a byte is sent, so a database out of reach still gets its JSON 503; after that the
 * file streams, one batch at a time, as fast as the client reads (pipeline waits for 'drain'), and
 * stops reading when the client goes away.
 */
function exportHandler<T>(file: string, columns: Column<T>[], batches: (size: number) => AsyncIterable<T[]>) {
  const handler: RequestHandler = async (_req, res) => {
    const rows = batches(BATCH_ROWS)[Symbol.asyncIterator]();
    const first = await rows.next();
    async function* lines() {
      try {
        yield BOM + csvLine(columns.map(([header]) => header));
        for (let batch = first; !batch.done; batch = await rows.next()) {
          yield batch.value.map((record) => csvLine(columns.map(([, cell]) => cell(record) ?? ''))).join('');
        }
      } finally {
        await rows.return?.();
      }
    }
    res.set({
      'Content-Type': 'text/csv; charset=utf-8; header=present',
      'Content-Disposition': `attachment; filename="${file}-${todayInSaoPaulo()}.csv"`,
    });
    try {
      // Bytes, not objects: the stream then holds at most one batch ahead of the socket.
      await pipeline(Readable.from(lines(), { objectMode: false }), res);
    } catch (error) {
      // The client went away: nothing left to answer. Anything else reaches the error handler,
      // which logs it and, the reply begun, can only close the connection.
      if ((error as { code?: unknown }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
    }
  };
  return handler;
}

/** GET /api/contacts.csv and /api/quotes.csv, for the spreadsheet; behind the admin token, no-store. */
export function exportsRouter(repository: ContactStore & QuoteStore, adminToken: string | undefined) {
  const guards = [allowOnly('GET'), requireAdmin(adminToken)];
  const router = Router();
  router
    .route('/contacts.csv')
    .all(guards)
    .get(exportHandler('contatos', csvColumns(contactFields), repository.contactBatches));
  router
    .route('/quotes.csv')
    .all(guards)
    .get(exportHandler('cotacoes', csvColumns(quoteFields), repository.quoteBatches));
  return router;
}
