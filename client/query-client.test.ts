import { describe, expect, it } from 'vitest';
import { ApiError } from '../shared/api/request';
import { createQueryClient, shouldRetry, submissionRetryDelay } from './query-client';

describe('the browser QueryClient', () => {
  it('writes out the data-cache settings of docs/requirements.md §9.1', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toBeUndefined();
    expect(mutations?.retry).toBe(shouldRetry);
    expect(mutations?.retryDelay).toBe(submissionRetryDelay);
    expect(mutations?.gcTime).toBe(5 * 60_000);
    expect([0, 1, 2, 3, 4, 5, 10].map(submissionRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries a submission three times when the network or the server fails', () => {
    for (const error of [new TypeError('Failed to fetch'), new ApiError('x', 503)]) {
      expect([0, 1, 2, 3].map((failures) => shouldRetry(failures, error))).toEqual([true, true, true, false]);
    }
  });

  it('never retries what would fail the same way: invalid fields, rate limit, a malformed reply', () => {
    for (const error of [new ApiError('x', 400), new ApiError('x', 429), new ApiError('Erro ao enviar solicitação')]) {
      expect(shouldRetry(0, error)).toBe(false);
    }
  });
});
