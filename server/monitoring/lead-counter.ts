import type { CreateResult } from '../db/results';
import type { Repository } from '../repository';
import type { Verdict } from '../spam/judge';
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
  /** A post weighed on arrival: held as suspect, or a lead (contacts, and quotes since issue 52). */
  const weighed = <R extends { result: CreateResult<unknown>; verdict?: Verdict }>(type: LeadType, received: R) => {
    if (received.verdict?.suspect) {
      suspectsHeld.inc();
      for (const { reason } of received.verdict.findings) suspectReasons.inc({ reason });
    } else counted(type, received.result);
    return received;
  };
  return {
    ...repository,
    createContact: async (fields, idempotency) =>
      counted('contact', await repository.createContact(fields, idempotency)),
    receiveContact: async (fields, client, idempotency) =>
      weighed('contact', await repository.receiveContact(fields, client, idempotency)),
    receiveQuote: async (fields, client, idempotency) =>
      weighed('quote', await repository.receiveQuote(fields, client, idempotency)),
    releaseSuspect: async (id, by) => {
      const released = await repository.releaseSuspect(id, by);
      // A contact moved to spam and brought back ('restored') was counted when it first arrived.
      if (released === 'released') leadsCreated.inc({ type: 'contact' });
      return released;
    },
    createQuote: async (fields, idempotency) => counted('quote', await repository.createQuote(fields, idempotency)),
  };
}
