/**
 * The four changes of a member's mutes. Adding what is already muted changes nothing and answers the
 * lists (so a retried request is harmless); removing what is not muted is a 404. The muted member is
 * never told: the only event is the muting member's own `settings.mutes-changed`.
 */
import { MAX_MUTED_MEMBERS, MAX_MUTED_WORDS, type Mutes } from '@kora/contracts';
import { findMember } from '@kora/platform/service';
import { and, eq } from 'drizzle-orm';
import type { Settings } from '../context.js';
import { memberNotMuted, mutedMemberUnknown, notYourselfMute, tooManyMutedMembers, tooManyMutedWords, wordNotMuted } from '../errors.js';
import { changeMutes } from './store.js';

export async function muteMember(settings: Settings, userId: number, memberId: number): Promise<Mutes> {
  if (memberId === userId) throw notYourselfMute();
  const { mutedMembers, members } = settings.tables;
  return changeMutes(settings, userId, async (tx, before) => {
    if (before.memberIds.includes(memberId)) return false;
    if (!(await findMember(tx, members, memberId))) throw mutedMemberUnknown();
    if (before.memberIds.length >= MAX_MUTED_MEMBERS) throw tooManyMutedMembers();
    await tx.insert(mutedMembers).values({ userId, memberId });
    return true;
  });
}

export async function unmuteMember(settings: Settings, userId: number, memberId: number): Promise<Mutes> {
  const { mutedMembers } = settings.tables;
  return changeMutes(settings, userId, async (tx) => {
    const removed = await tx
      .delete(mutedMembers)
      .where(and(eq(mutedMembers.userId, userId), eq(mutedMembers.memberId, memberId)))
      .returning({ memberId: mutedMembers.memberId });
    if (removed.length === 0) throw memberNotMuted();
    return true;
  });
}

/** `word` is already normalised by the body's schema (contracts' `mutedWordField`). */
export async function muteWord(settings: Settings, userId: number, word: string): Promise<Mutes> {
  const { mutedWords } = settings.tables;
  return changeMutes(settings, userId, async (tx, before) => {
    if (before.words.includes(word)) return false;
    if (before.words.length >= MAX_MUTED_WORDS) throw tooManyMutedWords();
    await tx.insert(mutedWords).values({ userId, word });
    return true;
  });
}

/** `word` is normalised like a stored one, so "%23Spoilers" removes "#spoilers". */
export async function unmuteWord(settings: Settings, userId: number, word: string): Promise<Mutes> {
  const { mutedWords } = settings.tables;
  return changeMutes(settings, userId, async (tx) => {
    const removed = await tx
      .delete(mutedWords)
      .where(and(eq(mutedWords.userId, userId), eq(mutedWords.word, word)))
      .returning({ word: mutedWords.word });
    if (removed.length === 0) throw wordNotMuted();
    return true;
  });
}
