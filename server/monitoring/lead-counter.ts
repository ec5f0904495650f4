import type { CreateResult } from '../db/results';
import type { Repository } from '../repository';
import type { LeadType, Metrics } from './metrics';

/** `repository`, counting each lead it stores (a replayed Idempotency-Key stores nothing new). */
export function countingLeads(repository: Repository, { leadsCreated }: Metrics): Repository {
  const counted = <T>(type: LeadType, result: CreateResult<T>) => {
    if (result.outcome === 'created') leadsCreated.inc({ type });
    return result;
  };
  return {
    ...repository,
    createContact: async (fields, idempotency) =>
      counted('contact', await repository.createContact(fields, idempotency)),
    createQuote: async (fields, idempotency) => counted('quote', await repository.createQuote(fields, idempotency)),
  };
}
