import { packagePlans } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { afterPurchase, afterRefund, DAY_MS, isActive, type MembershipState } from './membership.js';

const [vip, vvip] = packagePlans as [(typeof packagePlans)[0], (typeof packagePlans)[1]];
const t0 = new Date('2026-01-01T09:30:00Z');
const plus = (days: number, from = t0) => new Date(from.getTime() + days * DAY_MS);

describe('membership arithmetic', () => {
  it('starts a run now without a plan, or after one ran out', () => {
    expect(afterPurchase(null, vip, t0)).toEqual({ packageId: 'vip', startedAt: t0, activeUntil: plus(30), boostPosts: 30 });
    const ranOut: MembershipState = { packageId: 'vvip', startedAt: plus(-400), activeUntil: t0, boostPosts: 600 };
    expect(afterPurchase(ranOut, vip, t0)).toEqual({ packageId: 'vip', startedAt: t0, activeUntil: plus(30), boostPosts: 30 });
  });

  it('extends an active run from its end, adding the boosts and keeping the start', () => {
    const active: MembershipState = { packageId: 'vip', startedAt: plus(-20), activeUntil: plus(10), boostPosts: 30 };
    expect(afterPurchase(active, vvip, t0)).toEqual({ packageId: 'vvip', startedAt: plus(-20), activeUntil: plus(375), boostPosts: 630 });
  });

  it('is active strictly before activeUntil', () => {
    const m: MembershipState = { packageId: 'vip', startedAt: t0, activeUntil: plus(30), boostPosts: 30 };
    expect(isActive(m, new Date(plus(30).getTime() - 1))).toBe(true);
    expect(isActive(m, plus(30))).toBe(false);
    expect(isActive(null, t0)).toBe(false);
  });

  it("takes a refunded purchase's days and boosts off its run, ending the run when nothing is left", () => {
    const run: MembershipState = { packageId: 'vip', startedAt: t0, activeUntil: plus(60), boostPosts: 60 };
    const purchase = { packageId: 'vip' as const, startedAt: t0 };
    expect(afterRefund(run, purchase, plus(5))).toEqual({
      kind: 'shortened',
      membership: { ...run, activeUntil: plus(30), boostPosts: 30 },
    });
    // 40 days in, 30 days off leaves 20 days, already past: the run ends now.
    expect(afterRefund(run, purchase, plus(40))).toEqual({ kind: 'ended', membership: { ...run, activeUntil: plus(40), boostPosts: 0 } });
    const single: MembershipState = { packageId: 'vip', startedAt: t0, activeUntil: plus(30), boostPosts: 30 };
    expect(afterRefund(single, purchase, t0)).toEqual({ kind: 'ended', membership: { ...single, activeUntil: t0, boostPosts: 0 } });
  });

  it("leaves the plan alone when the purchase's run is over", () => {
    const purchase = { packageId: 'vip' as const, startedAt: t0 };
    const ranOut: MembershipState = { packageId: 'vip', startedAt: t0, activeUntil: plus(30), boostPosts: 30 };
    expect(afterRefund(ranOut, purchase, plus(31))).toEqual({ kind: 'unchanged' });
    const newRun: MembershipState = { packageId: 'vip', startedAt: plus(40), activeUntil: plus(70), boostPosts: 30 };
    expect(afterRefund(newRun, purchase, plus(41))).toEqual({ kind: 'unchanged' });
    expect(afterRefund(null, purchase, t0)).toEqual({ kind: 'unchanged' });
  });
});
