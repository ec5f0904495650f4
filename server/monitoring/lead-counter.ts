import type { CreateResult } from '../db/results';
import type { Verdict } from '../spam/judge';
import type { Stores } from '../stores';
import type { LeadType, Metrics } from './metrics';

type Counted = Pick<Stores, 'contacts' | 'quotes' | 'suspects'>;

/**
 * `stores`, counting each lead they store (a replayed Idempotency-Key stores nothing new), each
 * post held as suspect, once in all and once per signal it showed, and each suspect released
 * into a lead, but not a contact brought back from spam (docs/requirements.md §10.13).
 */
export function countingLeads<S extends Counted>(
  stores: S,
  { leadsCreated, suspectsHeld, suspectReasons }: Metrics,
): S {
  const { contacts, quotes, suspects } = stores;
  const counted = <T>(type: LeadType, result: CreateResult<T>) => {
    if (result.outcome === 'created') leadsCreated.inc({ type });
    return result;
  };
  /** A post weighed on arrival: held as suspect, or a lead (contacts and quotes, docs/requirements.md §10.9). */
  const weighed = <R extends { result: CreateResult<unknown>; verdict?: Verdict }>(type: LeadType, received: R) => {
    if (received.verdict?.suspect) {
      suspectsHeld.inc();
      for (const { reason } of received.verdict.findings) suspectReasons.inc({ reason });
    } else counted(type, received.result);
    return received;
  };
  return {
    ...stores,
    contacts: {
      ...contacts,
      createContact: async (fields, idempotency) =>
        counted('contact', await contacts.createContact(fields, idempotency)),
      receiveContact: async (fields, client, idempotency) =>
        weighed('contact', await contacts.receiveContact(fields, client, idempotency)),
    } satisfies Counted['contacts'],
    suspects: {
      ...suspects,
      releaseSuspect: async (id, by) => {
        const released = await suspects.releaseSuspect(id, by);
        // A contact moved to spam and brought back ('restored') was counted when it first arrived.
        if (released === 'released') leadsCreated.inc({ type: 'contact' });
        return released;
      },
    } satisfies Counted['suspects'],
    quotes: {
      ...quotes,
      createQuote: async (fields, idempotency) => counted('quote', await quotes.createQuote(fields, idempotency)),
      receiveQuote: async (fields, client, idempotency) =>
        weighed('quote', await quotes.receiveQuote(fields, client, idempotency)),
    } satisfies Counted['quotes'],
  };
}
