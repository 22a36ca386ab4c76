/**
 * Every event this service consumes, in one place: auth's member events feed the member snapshot
 * (the General tab's username) and the member's e-mail address (from sign-up, then each change);
 * an erased member's settings, address and snapshot go (decision 034).
 */
import {
  deleteMemberRows,
  forgetPublishedEvents,
  memberNames,
  memberSnapshotHandlers,
  type ConsumerDefinition,
} from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { Settings } from '../context.js';

export function settingsConsumers(settings: Settings): ConsumerDefinition[] {
  const { members, emails, settings: saved, muteLists, mutedMembers, mutedWords } = settings.tables;
  const snapshot = memberSnapshotHandlers(members);
  return [
    {
      name: 'projections',
      handlers: {
        ...snapshot,
        'user.registered': async (event, tx, emit) => {
          await snapshot['user.registered'](event, tx, emit);
          // Never over an address a later change set (both events share the member's key, so they
          // arrive in order; the row exists only if the change came first after a replay).
          const { userId, email } = event.payload;
          await tx.insert(emails).values({ userId, email }).onConflictDoNothing({ target: emails.userId });
        },
        // An admin or the member changed the address: the Settings page shows the new one.
        'user.email-changed': async (event, tx) => {
          const { userId, email } = event.payload;
          await tx.insert(emails).values({ userId, email }).onConflictDoUpdate({ target: emails.userId, set: { email } });
        },
        'user.deleted': async (event, tx) => {
          const { userId } = event.payload;
          const [address] = await tx.select({ email: emails.email }).from(emails).where(eq(emails.userId, userId));
          const names = [...(await memberNames(tx, members, userId)), ...(address ? [address.email] : [])];
          // Others' mutes of the member go quietly: an erased id never posts again, so their lists need no new event.
          await deleteMemberRows(tx, userId, [
            saved.userId,
            emails.userId,
            members.userId,
            muteLists.userId,
            mutedMembers.userId,
            mutedMembers.memberId,
            mutedWords.userId,
          ]);
          await forgetPublishedEvents(tx, settings.ctx.schema, userId, names);
        },
      },
    },
  ];
}
