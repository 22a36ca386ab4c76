/**
 * One member's mutes (decision 037). Every change first upserts the member's `mute_lists` row, which
 * holds its lock until the transaction ends: a second change by the same member waits, then sees the
 * first one's rows, so the caps hold and every `settings.mutes-changed` carries the complete lists.
 */
import type { Mutes } from '@kora/contracts';
import { memberViews, type DbOrTx, type MemberMutes, type Tx } from '@kora/platform/service';
import { asc, eq, sql } from 'drizzle-orm';
import type { Settings } from '../context.js';

/** The member's mutes as stored: muted members' ids and words, each oldest first. */
async function mutedLists(db: DbOrTx, settings: Settings, userId: number): Promise<MemberMutes> {
  const { mutedMembers, mutedWords } = settings.tables;
  const [members, words] = await Promise.all([
    db
      .select({ memberId: mutedMembers.memberId })
      .from(mutedMembers)
      .where(eq(mutedMembers.userId, userId))
      .orderBy(asc(mutedMembers.mutedAt), asc(mutedMembers.memberId)),
    db
      .select({ word: mutedWords.word })
      .from(mutedWords)
      .where(eq(mutedWords.userId, userId))
      .orderBy(asc(mutedWords.mutedAt), asc(mutedWords.word)),
  ]);
  return { memberIds: members.map((row) => row.memberId), words: words.map((row) => row.word) };
}

/** The member's mutes as answered: muted members with their names and avatars from the member snapshot. */
export async function readMutes(db: DbOrTx, settings: Settings, userId: number): Promise<Mutes> {
  const { memberIds, words } = await mutedLists(db, settings, userId);
  const view = await memberViews(db, settings.tables.members, memberIds, new Date());
  const members = memberIds.map((id) => {
    const { username, displayName, profileImage } = view(id);
    return { id, user_name: username, name: displayName, profileImage };
  });
  return { members, words };
}

/**
 * Applies `change` to the member's mutes under their lock. `change` sees the lists before it and
 * answers whether it changed anything; only a change is announced (with the complete lists after it).
 * A refusal thrown by `change` rolls everything back.
 */
export async function changeMutes(
  settings: Settings,
  userId: number,
  change: (tx: Tx, before: MemberMutes) => Promise<boolean>,
): Promise<Mutes> {
  const { muteLists } = settings.tables;
  return settings.ctx.transact(async (tx, emit) => {
    await tx
      .insert(muteLists)
      .values({ userId, updatedAt: new Date() })
      .onConflictDoUpdate({ target: muteLists.userId, set: { updatedAt: sql`now()` } });
    if (await change(tx, await mutedLists(tx, settings, userId))) {
      const after = await mutedLists(tx, settings, userId);
      emit({ type: 'settings.mutes-changed', aggregateId: userId, actorId: userId, payload: { userId, ...after } });
    }
    return readMutes(tx, settings, userId);
  });
}
