import type { TSubscription, TUpdateSubscriptionRequest } from '@paperbench/contract';
import { tsr } from '../../api/client';
import { ok } from '../../api/library-api';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  mine: () => [...subscriptionKeys.all, 'mine'] as const,
};

export async function getSubscription(): Promise<TSubscription> {
  return ok(await tsr.subscription.get.query()).body as TSubscription;
}

export async function saveSubscription(body: TUpdateSubscriptionRequest): Promise<TSubscription> {
  return ok(await tsr.subscription.update.mutate({ body })).body as TSubscription;
}

export async function resendConfirmation(): Promise<TSubscription> {
  return ok(await tsr.subscription.resend.mutate({})).body as TSubscription;
}

export async function deleteSubscription(): Promise<void> {
  ok(await tsr.subscription.remove.mutate({}));
}

export async function confirmSubscription(token: string): Promise<TSubscription> {
  return ok(await tsr.subscription.confirm.mutate({ body: { token } })).body as TSubscription;
}

export async function unsubscribeByToken(token: string): Promise<string> {
  const response = ok(await tsr.subscription.unsubscribe.mutate({ query: { token }, body: undefined }));
  return (response.body as { email: string }).email;
}
