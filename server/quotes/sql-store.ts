import type { Quote, QuoteFields } from '../../shared/quote';
import type { Database, Queries } from '../db/database';
import type { CreateResult, IdempotencyKey, ListResult } from '../db/results';
import { quotesTable, selectSql } from '../leads/rows';
import { batchesOf, createOnce, type Enqueue, insertLead, pageOf } from '../leads/storage';

/** The quotes' storage (docs/requirements.md §3, §10.3, §10.6, §10.16). */
export interface QuoteStore {
  createQuote(fields: QuoteFields, idempotency?: IdempotencyKey): Promise<CreateResult<Quote>>;
  listQuotes(page: number, limit: number): Promise<ListResult<Quote>>;
  /** `id` must be a UUID (the router checks); undefined when no quote has it. */
  getQuote(id: string): Promise<Quote | undefined>;
  /** Every quote, newest first, a batch of `size` at a time (see batchesOf). */
  quoteBatches(size: number): AsyncIterable<Quote[]>;
}

const findQuote = async (queries: Queries, id: string) => {
  const row = await queries.get(`${selectSql(quotesTable)} WHERE id = ?`, [id]);
  return row && quotesTable.toRecord(row);
};

export function sqlQuotes(db: Database, enqueue: Enqueue): QuoteStore {
  return {
    createQuote: (fields, idempotency) =>
      createOnce(
        db,
        'quotes',
        idempotency,
        async (tx, id, createdAt) => {
          const record = await insertLead(tx, quotesTable, id, createdAt, fields);
          await enqueue(tx, { kind: 'quote', record });
          return record;
        },
        // A quote's reply is the whole quote, read back as stored.
        async (tx, id) => (await findQuote(tx, id))!,
      ),
    listQuotes: (pageNumber, limit) => pageOf(db, quotesTable, pageNumber, limit),
    getQuote: (id) => findQuote(db, id),
    quoteBatches: (size) => batchesOf(db, quotesTable, size),
  };
}
