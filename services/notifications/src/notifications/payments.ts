/**
 * Payment notices (decision 023): a card top-up credited (`wallet.credited` of type top_up) tells
 * the member `payment` ("Your wallet was topped up with ₦5,000"), a package bought
 * (`wallet.debited` of type package_purchase) `payment_package`. Both point at the transaction
 * (`entityType` 'transaction'), have the member as their actor (their own action: `isOwnNotice`)
 * and answer to the payments switch (rules/wants-notification.ts). Other movements (refunds) make
 * no notice: the wallet's transactions list shows them.
 */
import {
  koboToNaira,
  notificationMessageTexts,
  notificationTexts,
  packagePlan,
  type EventEnvelope,
  type EventPayload,
} from '@kora/contracts';
import type { Emit, Tx } from '@kora/platform/service';
import type { Notifications } from '../context.js';
import { storeNotification } from './store.js';

type Event<T extends 'wallet.credited' | 'wallet.debited'> = EventEnvelope<EventPayload<T>>;

export async function walletCredited(n: Notifications, tx: Tx, emit: Emit, event: Event<'wallet.credited'>): Promise<void> {
  const { userId, transactionId, type, amountKobo } = event.payload;
  if (type !== 'top_up') return;
  await storeNotification(n, tx, emit, {
    sourceEventId: event.id,
    occurredAt: event.occurredAt,
    recipientId: userId,
    actorId: userId,
    type: 'payment',
    entityType: 'transaction',
    entityId: transactionId,
    excerpt: () => notificationTexts.walletToppedUp(koboToNaira(amountKobo)),
  });
}

export async function walletDebited(n: Notifications, tx: Tx, emit: Emit, event: Event<'wallet.debited'>): Promise<void> {
  const { userId, transactionId, type, amountKobo, packageId } = event.payload;
  if (type !== 'package_purchase') return;
  const plan = packageId ? packagePlan(packageId) : undefined;
  await storeNotification(n, tx, emit, {
    sourceEventId: event.id,
    occurredAt: event.occurredAt,
    recipientId: userId,
    actorId: userId,
    type: 'payment_package',
    entityType: 'transaction',
    entityId: transactionId,
    excerpt: () => notificationTexts.packageBought(plan?.name ?? notificationMessageTexts.aProPackage, koboToNaira(amountKobo)),
  });
}
