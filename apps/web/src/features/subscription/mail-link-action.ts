import type { TSubscription } from '@paperbench/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseApiError } from '../../api/parse-api-error';
import { confirmSubscription } from './subscription-api';

export type TConfirmOutcome =
  | { kind: 'confirming' }
  | { kind: 'confirmed'; subscription: TSubscription }
  | { kind: 'failed'; message: string };

// One call per token even when React runs the effect twice: the token works only once.
const confirmations = new Map<string, Promise<TSubscription>>();

/**
 * /subscription?confirm=<token> (the confirmation mail's link): confirms once, then drops the token
 * from the address bar so a reload does not try it again.
 */
export function useConfirmFromLink(onConfirmed: (subscription: TSubscription) => void): TConfirmOutcome | null {
  const [params, setParams] = useSearchParams();
  const token = params.get('confirm');
  const [outcome, setOutcome] = useState<TConfirmOutcome | null>(token ? { kind: 'confirming' } : null);

  useEffect(() => {
    if (!token) return;
    let pending = confirmations.get(token);
    if (!pending) {
      pending = confirmSubscription(token);
      confirmations.set(token, pending);
    }
    pending.then(
      (subscription) => {
        onConfirmed(subscription);
        setOutcome({ kind: 'confirmed', subscription });
      },
      (error: unknown) => setOutcome({ kind: 'failed', message: parseApiError(error).message }),
    );
    const dropToken = () =>
      setParams(
        (current) => {
          current.delete('confirm');
          return current;
        },
        { replace: true },
      );
    pending.then(dropToken, dropToken);
  }, [token, onConfirmed, setParams]);

  return outcome;
}
