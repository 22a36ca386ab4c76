import type { EventPayload } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import {
  announcedTo,
  deliver,
  listOf,
  memberIds,
  registerMember,
  rowsOf,
  setNotificationSettings,
  someId,
  useNotificationsService,
} from '../test-support.js';

/** Payment notices (decision 023): a top-up credited and a package bought, to the member, behind inappPayments. */
describe(`payment notifications (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = useNotificationsService();
  const nextId = memberIds();

  function movement(userId: number, changes: Partial<EventPayload<'wallet.credited'>>): EventPayload<'wallet.credited'> {
    return {
      userId,
      transactionId: someId(),
      type: 'top_up',
      amountKobo: 500_000,
      balanceKobo: 500_000,
      reference: `ref-${someId()}`,
      packageId: null,
      createdAt: new Date().toISOString(),
      ...changes,
    };
  }

  it('tells the member of a top-up and a purchase, pointing at the transaction, live; a refund tells nothing', async () => {
    const member = nextId();
    await registerMember(file.svc, member, { firstname: 'Ada', lastname: 'Obi' });
    const topUp = movement(member, { amountKobo: 500_050 });
    await deliver(file.svc, 'wallet.credited', topUp, member, member);
    const bought = movement(member, { type: 'package_purchase', amountKobo: 605_000, balanceKobo: 50, reference: null, packageId: 'vip' });
    await deliver(file.svc, 'wallet.debited', bought, member, member);
    await deliver(file.svc, 'wallet.credited', movement(member, { type: 'refund', reference: null }), member, member);

    const [purchase, credit, ...more] = await listOf(file.api, member);
    expect(more).toEqual([]);
    expect(credit).toMatchObject({
      type: 'payment',
      actorId: member,
      entityType: 'transaction',
      entityId: topUp.transactionId,
      message: 'Your wallet was topped up with ₦5,000.50',
      meta: { postId: null, groupId: null },
      readAt: null,
    });
    expect(purchase).toMatchObject({
      type: 'payment_package',
      entityType: 'transaction',
      entityId: bought.transactionId,
      message: 'You bought Kora VIP for ₦6,050: your Pro perks are on',
    });
    expect(await announcedTo(file.svc, member)).toEqual([credit, purchase]);
  });

  it('answers to the payments switch', async () => {
    const member = nextId();
    await setNotificationSettings(file.svc, member, { inappPayments: false });
    await deliver(file.svc, 'wallet.credited', movement(member, {}), member, member);
    await deliver(
      file.svc,
      'wallet.debited',
      movement(member, { type: 'package_purchase', packageId: 'vvip', reference: null }),
      member,
      member,
    );
    expect(await rowsOf(file.svc, member)).toEqual([]);
    await setNotificationSettings(file.svc, member, { inappPayments: true });
    await deliver(file.svc, 'wallet.credited', movement(member, {}), member, member);
    expect((await rowsOf(file.svc, member)).map((r) => r.type)).toEqual(['payment']);
  });
});
