/**
 * The `payments` feature switch, enforced by the service itself: the gateway already answers 404
 * FEATURE_DISABLED on `/api/payments` and `/api/packages` while it is off, but a caller that reaches
 * the service another way (a sibling, a misrouted request) must not move money either. Top-ups and
 * purchases call this before anything is written; the provider's webhook does not (a member who
 * already paid is still credited, decision 023).
 */
import type { Wallet } from '../context.js';
import { paymentsOff } from '../errors.js';

export function assertPaymentsOn(w: Wallet): void {
  if (!w.ctx.siteSettings.current().features.payments) throw paymentsOff();
}
