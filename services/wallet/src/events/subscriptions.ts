/**
 * Every event this service consumes, in one place: members' e-mail addresses from auth (a card
 * payment must use the caller's own), from sign-up and from each change of address. The
 * newest event wins: a late or redelivered older one never overwrites a newer address. An erased
 * member's ledger stays for the books, with their address removed (decision 034).
 */
import type { ConsumerDefinition, Tx } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Wallet } from '../context.js';
import { eraseWalletMember } from './erase-member.js';

export function walletConsumers(w: Wallet): ConsumerDefinition[] {
  const { memberEmails } = w.tables;
  async function remember(userId: number, email: string, occurredAt: string, tx: Tx): Promise<void> {
    const at = new Date(occurredAt);
    await tx
      .insert(memberEmails)
      .values({ userId, email, updatedAt: at })
      .onConflictDoUpdate({
        target: memberEmails.userId,
        set: { email, updatedAt: at },
        setWhere: sql`${memberEmails.updatedAt} <= ${at}`,
      });
  }
  return [
    {
      name: 'projections',
      handlers: {
        'user.registered': (event, tx) => remember(event.payload.userId, event.payload.email, event.occurredAt, tx),
        'user.email-changed': (event, tx) => remember(event.payload.userId, event.payload.email, event.occurredAt, tx),
        'user.deleted': (event, tx) => eraseWalletMember(w, tx, event.payload.userId),
      },
    },
  ];
}
