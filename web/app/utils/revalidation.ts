/**
 * When member pages reload their loaders. Some changes are applied in place by the component that
 * made them, so the pages around it need not reload:
 * - a like, comment, share, save or delete (POST /resources/posts/{id}): the post's card applies
 *   the answer; without this every like would fetch the member's profile and a page of posts again;
 * - a friend action (POST /resources/friends): the profile's friend button applies the answer;
 * - opening or closing the post modal (`?post=`, utils/post-modal.ts): the page underneath stays.
 * Other submissions revalidate as usual (a new post, through /resources/posts, must appear on top
 * of the feed). /friends lists what friend actions change, so it reloads after them.
 */
import type { ShouldRevalidateFunctionArgs } from '@remix-run/react';
import { onlyPostModalChanged } from './post-modal';

const POST_ACTION = /^\/resources\/posts\/\d+\/?$/;
const FRIEND_ACTION = /^\/resources\/friends\/?$/;
const GROUP_ACTION = /^\/resources\/groups\/?$/;

function pathOf(formAction: string | undefined): string | null {
  return formAction === undefined ? null : formAction.split('?')[0]!;
}

export function isPostAction(formAction: string | undefined): boolean {
  const path = pathOf(formAction);
  return path !== null && POST_ACTION.test(path);
}

export function isFriendAction(formAction: string | undefined): boolean {
  const path = pathOf(formAction);
  return path !== null && FRIEND_ACTION.test(path);
}

/** A join, leave or other group action (POST /resources/groups): /groups cards apply the answer themselves. */
export function isGroupAction(formAction: string | undefined): boolean {
  const path = pathOf(formAction);
  return path !== null && GROUP_ACTION.test(path);
}

/** For /friends: keeps its lists after post actions and the post modal, reloads after friend actions. */
export function shouldRevalidateFriendsPage(args: ShouldRevalidateFunctionArgs): boolean {
  const { formAction, currentUrl, nextUrl, defaultShouldRevalidate } = args;
  if (isPostAction(formAction)) return false;
  if (!formAction && onlyPostModalChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

/** For the member layout and every other member page. */
export function shouldRevalidatePage(args: ShouldRevalidateFunctionArgs): boolean {
  return isFriendAction(args.formAction) ? false : shouldRevalidateFriendsPage(args);
}
