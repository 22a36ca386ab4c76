/**
 * Every event this service consumes, in one place: members' e-mail addresses from auth (a card
 * payment must use the caller's own).
 */
import type { ConsumerDefinition } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Wallet } from '../context.js';

export function walletConsumers(w: Wallet): ConsumerDefinition[] {
  const { memberEmails } = w.tables;
  return [
    {
      name: 'projections',
      handlers: {
        'user.registered': async (event, tx) => {
          const at = new Date(event.occurredAt);
          await tx
            .insert(memberEmails)
            .values({ userId: event.payload.userId, email: event.payload.email, updatedAt: at })
            .onConflictDoUpdate({ target: memberEmails.userId, set: { email: event.payload.email, updatedAt: at }, setWhere: sql`${memberEmails.updatedAt} <= ${at}` });
        },
      },
    },
  ];
}
