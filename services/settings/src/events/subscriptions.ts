/**
 * Every event this service consumes, in one place: auth's member events feed the member snapshot
 * (the General tab's username) and, from sign-up, the member's e-mail address.
 */
import { memberSnapshotHandlers, type ConsumerDefinition } from '@kora/platform/service';
import type { Settings } from '../context.js';

export function settingsConsumers(settings: Settings): ConsumerDefinition[] {
  const { members, emails } = settings.tables;
  const snapshot = memberSnapshotHandlers(members);
  return [
    {
      name: 'projections',
      handlers: {
        ...snapshot,
        'user.registered': async (event, tx, emit) => {
          await snapshot['user.registered'](event, tx, emit);
          // Sign-up is the only event with the address, and auth has no e-mail change: a replay writes the same value.
          const { userId, email } = event.payload;
          await tx.insert(emails).values({ userId, email }).onConflictDoUpdate({ target: emails.userId, set: { email } });
        },
      },
    },
  ];
}
