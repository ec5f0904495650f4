import type { Quote, QuoteFields } from '../../shared/quote';
import type { Database, Queries } from '../db/database';
import type { CreateResult, IdempotencyKey, ListResult } from '../db/results';
import type { Enqueue } from '../leads/arrival';
import { quotesTable, selectSql } from '../leads/rows';
import { batchesOf, createOnce, insertLead, pageOf } from '../leads/storage';
import { judge, quoteAsPost, type Verdict } from '../spam/judge';
import type { ClientSignals } from '../spam/signals';
import { heldQuote, holdSuspect } from '../spam/sql-store';

/** The quotes' storage (docs/requirements.md §3, §10.3, §10.6, §10.16). */
export interface QuoteStore {
  createQuote(fields: QuoteFields, idempotency?: IdempotencyKey): Promise<CreateResult<Quote>>;
  /**
   * A quote from the site's form or the API, weighed first as a contact is (docs/requirements.md
   * §10.9): stored and queued for delivery, or held in the "Suspeitos" folder. Both answer
   * with the quote as it would be stored, so a bot learns nothing; the verdict is undefined on a replay.
   */
  receiveQuote(
    fields: QuoteFields,
    client: ClientSignals,
    idempotency?: IdempotencyKey,
  ): Promise<{ result: CreateResult<Quote>; verdict?: Verdict }>;
  listQuotes(page: number, limit: number): Promise<ListResult<Quote>>;
  /** `id` must be a UUID (the router checks); undefined when no quote has it. */
  getQuote(id: string): Promise<Quote | undefined>;
  /** Every quote, newest first, in batches of `nextSize()` rows, asked before each (see batchesOf). */
  quoteBatches(nextSize: () => number): AsyncIterable<Quote[]>;
}

const findQuote = async (queries: Queries, id: string) => {
  const row = await queries.get(`${selectSql(quotesTable)} WHERE id = ?`, [id]);
  return row && quotesTable.toRecord(row);
};

/** The quote a row would hold: what a held quote's reply shows, exactly as a stored one's. */
const wouldBe = (id: string, createdAt: string, fields: QuoteFields) =>
  quotesTable.toRecord(quotesTable.newRow(id, createdAt, fields));

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
    receiveQuote: async (fields, client, idempotency) => {
      let verdict: Verdict | undefined;
      const result = await createOnce(
        db,
        'quotes',
        idempotency,
        async (tx, id, createdAt) => {
          verdict = await judge(tx, quoteAsPost(fields), client, createdAt);
          if (!verdict.suspect) {
            const record = await insertLead(tx, quotesTable, id, createdAt, fields);
            await enqueue(tx, { kind: 'quote', record });
            return record;
          }
          await holdSuspect(tx, id, createdAt, fields, verdict, 'quote');
          return wouldBe(id, createdAt, fields);
        },
        // Read back as stored; a held quote as it would have been, until a member releases it.
        async (tx, id, createdAt) => {
          const stored = await findQuote(tx, id);
          if (stored) return stored;
          const held = await heldQuote(tx, id);
          return wouldBe(id, createdAt, held!);
        },
      );
      return { result, verdict };
    },
    listQuotes: (pageNumber, limit) => pageOf(db, quotesTable, pageNumber, limit),
    getQuote: (id) => findQuote(db, id),
    quoteBatches: (nextSize) => batchesOf(db, quotesTable, nextSize),
  };
}
