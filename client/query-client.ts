import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/request';

const MAX_RETRIES = 3;

/** docs/requirements.md §9.1: 1 s, doubling, at most 30 s. */
export const submissionRetryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * Only failures that may pass on their own are retried: the network, or the server's 5xx.
 * A 4xx (invalid fields, rate limit) or a malformed reply would fail the same way again.
 */
export const shouldRetry = (failures: number, error: unknown) =>
  failures < MAX_RETRIES && (!(error instanceof ApiError) || (error.status ?? 0) >= 500);

/**
 * The browser's one QueryClient, with the data-cache settings of docs/requirements.md §9.1 written
 * out. The page runs no query, only the contact submission, so they are the mutations' defaults.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Writes carry an Idempotency-Key, so a retried submission never creates a second lead.
      mutations: { retry: shouldRetry, retryDelay: submissionRetryDelay, gcTime: 5 * 60_000 },
    },
  });
}
