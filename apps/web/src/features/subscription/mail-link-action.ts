import type { TSubscription } from '@paperbench/contract';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import { useConfirmSubscriptionMutation } from './api';

export type TConfirmOutcome =
  | { kind: 'confirming' }
  | { kind: 'confirmed'; subscription: TSubscription }
  | { kind: 'failed'; message: string };

/**
 * /subscription?confirm=<token> (the confirmation mail's link): confirms once, then drops the token
 * from the address bar so a reload does not try it again. The confirmed subscription goes into the
 * cache (features/subscription/api.ts).
 */
export function useConfirmFromLink(): TConfirmOutcome | null {
  const [params, setParams] = useSearchParams();
  const token = params.get('confirm');
  const confirm = useConfirmSubscriptionMutation();
  const { mutate } = confirm;
  // One call per token even when React runs the effect twice (StrictMode): the token works only once.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    const dropToken = () =>
      setParams(
        (current) => {
          current.delete('confirm');
          return current;
        },
        { replace: true },
      );
    mutate(token, { onSettled: dropToken });
  }, [token, mutate, setParams]);

  if (confirm.isSuccess) return { kind: 'confirmed', subscription: confirm.data };
  if (confirm.isError) return { kind: 'failed', message: parseApiError(confirm.error).message };
  return token || confirm.isPending ? { kind: 'confirming' } : null;
}
