import { z } from 'zod';
import { c, ZError, ZOk } from './common';
import {
  ZConfirmSubscriptionRequest,
  ZSubscription,
  ZUnsubscribeQuery,
  ZUnsubscribeResponse,
  ZUpdateSubscriptionRequest,
} from './subscription.schemas';

/** Email digest subscription with double opt-in (extensions: the spec shows the page, not its calls). */
export const subscriptionContract = c.router({
  get: {
    method: 'GET',
    path: '/api/subscription',
    responses: { 200: ZSubscription },
    summary: "The caller's digest subscription and its state",
  },
  update: {
    method: 'PUT',
    path: '/api/subscription',
    body: ZUpdateSubscriptionRequest,
    responses: { 200: ZSubscription, 409: ZError, 429: ZError, 502: ZError },
    summary: 'Subscribe, or change the address, frequency or topics',
    description:
      'A new or changed address is pending until the link in the confirmation mail is followed. Topics must be ' +
      'followed by the caller (400 otherwise). 409 when this server has no SMTP; 429 when a confirmation mail ' +
      'went out less than a minute ago; 502 when the SMTP server refused the mail (the subscription is kept ' +
      'pending: resend later).',
  },
  resend: {
    method: 'POST',
    path: '/api/subscription/resend',
    body: c.noBody(),
    responses: { 200: ZSubscription, 409: ZError, 429: ZError, 502: ZError },
    summary: 'Mail a new confirmation link to a pending subscription',
    description: 'The previous link stops working. At most one confirmation mail a minute (429 with Retry-After).',
  },
  remove: {
    method: 'DELETE',
    path: '/api/subscription',
    body: c.noBody(),
    responses: { 200: ZOk },
    summary: 'Delete the subscription, its address and its delivery log',
  },
  confirm: {
    method: 'POST',
    path: '/api/subscription/confirm',
    body: ZConfirmSubscriptionRequest,
    responses: { 200: ZSubscription },
    summary: 'Confirm an address with the token of the confirmation mail (double opt-in)',
    description: 'No X-User-ID needed: the token is the credential. A wrong or already used token → 404.',
  },
  unsubscribe: {
    method: 'POST',
    path: '/api/subscription/unsubscribe',
    query: ZUnsubscribeQuery,
    body: z.unknown().optional(),
    responses: { 200: ZUnsubscribeResponse },
    summary: 'Unsubscribe by the token of any digest mail (List-Unsubscribe one-click, RFC 8058)',
    description: 'Accepts the RFC 8058 form body List-Unsubscribe=One-Click, or none. Idempotent; a wrong token → 404.',
  },
});
