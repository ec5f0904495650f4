import type { CreateResult } from '../db/results';
import type { Repository } from '../repository';
import type { LeadType, Metrics } from './metrics';

/**
 * `repository`, counting each lead it stores (a replayed Idempotency-Key stores nothing new), each
 * post it holds as suspect, once in all and once per signal it showed, and each suspect released
 * into a lead (issue 35 §4), but not a contact brought back from spam (docs/requirements.md §10.13).
 */
export function countingLeads(
  repository: Repository,
  { leadsCreated, suspectsHeld, suspectReasons }: Metrics,
): Repository {
  const counted = <T>(type: LeadType, result: CreateResult<T>) => {
    if (result.outcome === 'created') leadsCreated.inc({ type });
    return result;
  };
  return {
    ...repository,
    createContact: async (fields, idempotency) =>
      counted('contact', await repository.createContact(fields, idempotency)),
    receiveContact: async (fields, client, idempotency) => {
      const received = await repository.receiveContact(fields, client, idempotency);
      if (received.verdict?.suspect) {
        suspectsHeld.inc();
        for (const { reason } of received.verdict.findings) suspectReasons.inc({ reason });
      } else counted('contact', received.result);
      return received;
    },
    releaseSuspect: async (id, by) => {
      const released = await repository.releaseSuspect(id, by);
      // A contact moved to spam and brought back ('restored') was counted when it first arrived.
      if (released === 'released') leadsCreated.inc({ type: 'contact' });
      return released;
    },
    createQuote: async (fields, idempotency) => counted('quote', await repository.createQuote(fields, idempotency)),
  };
}
