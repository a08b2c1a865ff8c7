import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { parseApiError } from './parse-api-error';

/** Only a failure with no answer at all (network) is worth retrying; the server's answers are final. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && parseApiError(error).code === 'NETWORK';
}

/** requirements §8: every call failure is logged to the console (and still reaches its caller). */
function logFailure(what: string, error: unknown): void {
  console.error(`${what} failed:`, parseApiError(error).message, error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => logFailure(`Query ${JSON.stringify(query.queryKey)}`, error),
    }),
    mutationCache: new MutationCache({ onError: (error) => logFailure('Request', error) }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
