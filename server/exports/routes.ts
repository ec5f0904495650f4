import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { contactFields } from '../../shared/contact';
import { quoteFields } from '../../shared/quote';
import { todayInSaoPaulo } from '../../shared/sao-paulo-time';
import { allowOnly } from '../http/methods';
import { refuse, sendRefusal } from '../http/refusals';
import type { AuditRecorder } from '../module/audit';
import { auditContext } from '../module/audit';
import type { Stores } from '../stores';
import { type Column, csvColumns } from './columns';
import { BOM, csvLine } from './csv';
import { RETRY_AFTER_S, sendRateFloor } from './send-rate';

/**
 * Rows per read at most. Each batch is one short statement (on SQLite every statement of the process
 * waits its turn) and is written before the next is read, so memory holds about one batch whatever
 * the table's size.
 */
const BATCH_ROWS = 500;
/**
 * Bytes of CSV per batch, about: the row count of the next batch follows the size of the rows so
 * far: a fixed count of long contacts made batches of megabytes, which an export whose client
 * stopped reading held, and a few dozen such exports filled the heap (docs/requirements.md §10.16).
 */
const BATCH_BYTES = 128 * 1024;
/** The first batch's rows, before any row's size is known: 128 KB of rows of 2 KB, long for a lead. */
const FIRST_BATCH_ROWS = 64;
/**
 * Exports written at once by one replica. An export is an admin's download: more than a few at
 * once is a script gone wrong or a client that stalls on purpose, each holding a socket, a batch
 * and a database statement at a time. Past it, 503 with Retry-After (RFC 9110 §10.2.3); a place is
 * held no longer than the client takes the file at a minimum rate (./send-rate.ts).
 */
const EXPORTS_MAX = 8;

/** The file's name, before its date, per table. */
const FILES = { contacts: 'contatos', quotes: 'cotacoes' } as const;

/** The rows of the next batch, for batches of about BATCH_BYTES given the CSV written so far. */
const nextRows = (rows: number, bytes: number) =>
  rows === 0 ? FIRST_BATCH_ROWS : Math.max(1, Math.min(BATCH_ROWS, Math.floor((BATCH_BYTES * rows) / bytes)));

/** One CSV file to send: its name, its columns, its rows, and what its audit line says of it. */
export type CsvFile<T> = {
  /** The file's name before its date and extension. */
  name: string;
  columns: readonly Column<T>[];
  /** The rows, newest first, in batches of `size()` rows, asked before each. */
  batches: (size: () => number) => AsyncIterable<T[]>;
  /** The audit line's detail: what was exported (a table, a filter), never a lead's personal data. */
  detail: Readonly<Record<string, string | number | boolean>>;
};

/**
 * Sends `file` as CSV, newest first (docs/requirements.md §10.16), as one of the exports `running`
 * counts. The first batch is read before a byte is sent, so a database out of reach still gets its
 * JSON 503; after that the file streams, one batch at a time, as fast as the client reads (pipeline
 * waits for 'drain'), and stops reading when the client goes away.
 */
async function sendCsv<T>(
  req: Request,
  res: Response,
  { name, columns, batches, detail }: CsvFile<T>,
  { running, audit }: { running: { count: number }; audit: AuditRecorder },
) {
  const headers = {
    'Content-Type': 'text/csv; charset=utf-8; header=present',
    'Content-Disposition': `attachment; filename="${name}-${todayInSaoPaulo()}.csv"`,
  };
  // A HEAD gets the headers a GET would, and nothing is read for it: Node would drop the file's
  // bytes, after the whole table had been read, an export's place held and its line written.
  if (req.method === 'HEAD') {
    res.set(headers).end();
    return;
  }
  if (running.count >= EXPORTS_MAX) {
    sendRefusal(req, res, refuse('EXPORTS_BUSY', { headers: { 'Retry-After': String(RETRY_AFTER_S) } }));
    return;
  }
  running.count++;
  // The socket's send timeout (server/process/lifecycle.ts) counts from the last write the kernel
  // took, which goes on long after a client stops reading, and never ends for one that trickles.
  const floor = sendRateFloor(() => res.destroy());
  res.once('close', () => {
    running.count--;
    floor.stop();
  });
  let [written, bytes] = [0, 0];
  const rows = batches(() => nextRows(written, bytes))[Symbol.asyncIterator]();
  const first = await rows.next();
  // Recorded before a byte goes out (docs/requirements.md §11.6): an export whose line cannot be written is not sent.
  await audit.recordAudit({ ...auditContext(req, res), action: 'leads.exported', detail });
  async function* lines() {
    try {
      yield BOM + csvLine(columns.map(([header]) => header));
      for (let batch = first; !batch.done; batch = await rows.next()) {
        const text = batch.value.map((record) => csvLine(columns.map(([, cell]) => cell(record) ?? ''))).join('');
        written += batch.value.length;
        bytes += text.length;
        yield text;
        // Asked for the next batch: the response took this one.
        floor.took(Buffer.byteLength(text));
      }
    } finally {
      await rows.return?.();
    }
  }
  res.set(headers);
  try {
    // Bytes, not objects: the stream then holds at most one batch ahead of the socket.
    await pipeline(Readable.from(lines(), { objectMode: false }), res);
  } catch (error) {
    // The client went away: nothing left to answer. Anything else reaches the error handler,
    // which logs it and, the reply begun, can only close the connection.
    if ((error as { code?: unknown }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
  }
}

/**
 * The exports, sharing one count of those running: the API's two tables, behind the token, the
 * panel's (server/personal-data/panel.ts), behind an admin's session, and the inbox's filtered one
 * (server/inbox/export-routes.ts) meet the same cap.
 */
export function csvExports({ contacts, quotes, audit }: Pick<Stores, 'contacts' | 'quotes' | 'audit'>) {
  const shared = { running: { count: 0 }, audit };
  // The whole table, so the filter is none; its rows are not named one by one.
  const table =
    <T>(table: 'contacts' | 'quotes', columns: Column<T>[], batches: CsvFile<T>['batches']): RequestHandler =>
    (req, res) =>
      sendCsv(req, res, { name: FILES[table], columns, batches, detail: { table, filter: 'nenhum' } }, shared);
  return {
    contacts: table('contacts', csvColumns(contactFields), contacts.contactBatches),
    quotes: table('quotes', csvColumns(quoteFields), quotes.quoteBatches),
    /** Sends one file of the caller's, under the same cap. */
    send: <T>(req: Request, res: Response, file: CsvFile<T>) => sendCsv(req, res, file, shared),
  };
}

export type CsvExports = ReturnType<typeof csvExports>;

/** GET /api/contacts.csv and /api/quotes.csv, for the spreadsheet; behind the admin token, no-store. */
export function exportsRouter(exports: CsvExports, admin: RequestHandler) {
  const guards = [allowOnly('GET'), admin];
  const router = Router();
  router.route('/contacts.csv').all(guards).get(exports.contacts);
  router.route('/quotes.csv').all(guards).get(exports.quotes);
  return router;
}
