/**
 * The sign-in record's balance follows the wallet (decision 023): the balance after each credit and
 * debit, in naira; an older event (redelivered, or overtaken) never brings an old balance back.
 */
import type { EventPayload } from '@kora/contracts';
import { eventually, processed, publishEvent } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember, signIn, startAuth, type AuthTestService } from '../test-support.js';

describe(`the sign-in record's wallet balance (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  beforeAll(async () => void (svc = await startAuth()));
  afterAll(async () => svc?.close());

  async function move(
    type: 'wallet.credited' | 'wallet.debited',
    userId: number,
    transactionId: number,
    balanceKobo: number,
  ): Promise<void> {
    const payload: EventPayload<'wallet.credited'> = {
      userId,
      transactionId,
      type: type === 'wallet.credited' ? 'top_up' : 'package_purchase',
      amountKobo: 100,
      balanceKobo,
      reference: type === 'wallet.credited' ? `ref-${transactionId}` : null,
      packageId: type === 'wallet.credited' ? null : 'vip',
      createdAt: new Date().toISOString(),
    };
    const event = await publishEvent(svc, type, payload, userId, userId);
    await eventually(() => processed(svc, event.id));
  }
  const balance = async (login: string, password: string) => (await signIn(svc, login, password)).user.user_wallet_balance;

  it('shows the balance after each credit and debit, and ignores an older event', async () => {
    const member = await seedMember(svc);
    expect(await balance(member.email, member.password)).toBe(0);
    await move('wallet.credited', member.userId, 10, 500_050);
    expect(await balance(member.email, member.password)).toBe(5000.5);
    await move('wallet.debited', member.userId, 12, 105);
    expect(await balance(member.email, member.password)).toBe(1.05);
    // Transaction 11 happened before 12: its balance is history.
    await move('wallet.credited', member.userId, 11, 999_999);
    expect(await balance(member.email, member.password)).toBe(1.05);
    // Another member's movement is theirs alone.
    const other = await seedMember(svc);
    await move('wallet.credited', other.userId, 13, 700);
    expect(await balance(member.email, member.password)).toBe(1.05);
    expect(await balance(other.username, other.password)).toBe(7);
  });
});
