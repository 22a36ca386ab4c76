/** What the packages page's loader and purchase action answer, shared by the route and its components. */
import type { Membership, PackagePlan } from '@kora/contracts';

export type PackagesPageData =
  | { state: 'off'; message: string }
  | { state: 'error'; message: string }
  | {
      state: 'ok';
      plans: PackagePlan[];
      /** The member's active plan, or null. */
      membership: Membership | null;
      /** Naira; null when it could not be loaded. */
      balance: number | null;
    };

export type PurchaseActionData =
  | { ok: true; packageId: string; membership: Membership; balance: number }
  | { ok: false; error: string; /** The balance did not cover the price (402): offer a top-up. */ short: boolean };

/** GET /resources/membership: the member's active plan, or null. */
export interface MembershipData {
  membership: Membership | null;
}
