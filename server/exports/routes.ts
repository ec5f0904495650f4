import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type RequestHandler, Router } from 'express';
import { contactFields } from '../../shared/contact';
import { quoteFields } from '../../shared/quote';
import { todayInSaoPaulo } from '../../shared/sao-paulo-time';
import type { AuditStore } from '../audit/events';
import { auditContext } from '../audit/request';
import type { ContactStore } from '../contacts/sql-store';
import { allowOnly } from '../http/methods';
import { refuse, sendRefusal } from '../http/refusals';
import type { QuoteStore } from '../quotes/sql-store';
import { type Column, csvColumns } from './columns';
import { BOM, csvLine } from './csv';

/**
 * Rows per read at most. Each batch is one short statement (on SQLite every statement of the process
 * waits its turn) and is written before the next is read, so memory holds about one batch whatever
 * the table's size.
 */
const BATCH_ROWS = 500;
/**
 * Bytes of CSV per batch, about: the row count of the next batch follows the size of the rows so
 * far. 500 long contacts made a 2 MB batch, and an export whose client stopped reading held about
 * 12 MB with it; 30 of them filled the 192 MB heap (issue 38).
 */
const BATCH_BYTES = 128 * 1024;
/** The first batch's rows, before any row's size is known: 128 KB of rows of 2 KB, long for a lead. */
const FIRST_BATCH_ROWS = 64;
/**
 * Exports written at once by one replica. An export is an admin's download: more than a few at
 * once is a script gone wrong or a client that stalls on purpose, each holding a socket, a batch
 * and a database statement at a time. Past it, 503 with Retry-After (RFC 9110 §10.2.3).
 */
const EXPORTS_MAX = 8;
/**
 * An export whose client took nothing for this long is cut, and its place freed: the socket's send
 * timeout (server/process/lifecycle.ts) counts from the last write the kernel took, which goes on a
 * while after a client stops reading; this counts from the last batch the response took.
 */
const STALLED_MS = 15_000;
/** A stalled export's place is free within STALLED_MS; a reading one ends sooner. */
const RETRY_AFTER_S = 10;

/** The file's name, before its date, per table. */
const FILES = { contacts: 'contatos', quotes: 'cotacoes' } as const;

/** The rows of the next batch, for batches of about BATCH_BYTES given the CSV written so far. */
const nextRows = (rows: number, bytes: number) =>
  rows === 0 ? FIRST_BATCH_ROWS : Math.max(1, Math.min(BATCH_ROWS, Math.floor((BATCH_BYTES * rows) / bytes)));

/**
 * GET of a whole table as a CSV file, newest first (docs/requirements.md §10.16). The first batch is
 * read before a byte is sent, so a database out of reach still gets its JSON 503; after that the
 * file streams, one batch at a time, as fast as the client reads (pipeline waits for 'drain'), and
 * stops reading when the client goes away.
 */
function exportHandler<T>(
  table: 'contacts' | 'quotes',
  columns: Column<T>[],
  batches: (size: () => number) => AsyncIterable<T[]>,
  { running, audit }: { running: { count: number }; audit: AuditStore },
) {
  const file = FILES[table];
  const handler: RequestHandler = async (req, res) => {
    if (running.count >= EXPORTS_MAX) {
      sendRefusal(req, res, refuse('EXPORTS_BUSY', { headers: { 'Retry-After': String(RETRY_AFTER_S) } }));
      return;
    }
    running.count++;
    const stalled = setTimeout(() => res.destroy(), STALLED_MS);
    res.once('close', () => {
      running.count--;
      clearTimeout(stalled);
    });
    let [written, bytes] = [0, 0];
    const rows = batches(() => nextRows(written, bytes))[Symbol.asyncIterator]();
    const first = await rows.next();
    // Recorded before a byte goes out (issue 33 §4): an export whose line cannot be written is not sent.
    // The whole table, so the filter is none; its rows are not named one by one.
    await audit.recordAudit({
      ...auditContext(req, res),
      action: 'leads.exported',
      detail: { table, filter: 'nenhum' },
    });
    async function* lines() {
      try {
        yield BOM + csvLine(columns.map(([header]) => header));
        for (let batch = first; !batch.done; batch = await rows.next()) {
          const text = batch.value.map((record) => csvLine(columns.map(([, cell]) => cell(record) ?? ''))).join('');
          written += batch.value.length;
          bytes += text.length;
          yield text;
          // Asked for the next batch: the response took this one.
          stalled.refresh();
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
export function exportsRouter(repository: ContactStore & QuoteStore & AuditStore, admin: RequestHandler) {
  const guards = [allowOnly('GET'), admin];
  const shared = { running: { count: 0 }, audit: repository };
  const router = Router();
  router
    .route('/contacts.csv')
    .all(guards)
    .get(exportHandler('contacts', csvColumns(contactFields), repository.contactBatches, shared));
  router
    .route('/quotes.csv')
    .all(guards)
    .get(exportHandler('quotes', csvColumns(quoteFields), repository.quoteBatches, shared));
  return router;
}
