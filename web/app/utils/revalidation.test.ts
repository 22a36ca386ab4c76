import type { ShouldRevalidateFunctionArgs } from '@remix-run/react';
import { describe, expect, it } from 'vitest';
import { isFriendAction, isGroupAction, isPostAction, shouldRevalidateFriendsPage, shouldRevalidatePage } from './revalidation';

describe('isPostAction', () => {
  it("matches a post's action route only", () => {
    expect(isPostAction('/resources/posts/12')).toBe(true);
    expect(isPostAction('/resources/posts/12?index')).toBe(true);
    expect(isPostAction('/resources/posts')).toBe(false);
    expect(isPostAction('/profile/12')).toBe(false);
    expect(isPostAction(undefined)).toBe(false);
  });
});

describe('isFriendAction', () => {
  it('matches the friends action route only', () => {
    expect(isFriendAction('/resources/friends')).toBe(true);
    expect(isFriendAction('/resources/friends?x=1')).toBe(true);
    expect(isFriendAction('/friends')).toBe(false);
    expect(isFriendAction(undefined)).toBe(false);
  });
});

describe('isGroupAction', () => {
  it('matches the groups action route only', () => {
    expect(isGroupAction('/resources/groups')).toBe(true);
    expect(isGroupAction('/resources/groups?x=1')).toBe(true);
    expect(isGroupAction('/groups')).toBe(false);
    expect(isGroupAction(undefined)).toBe(false);
  });
});

function args(overrides: Partial<ShouldRevalidateFunctionArgs>): ShouldRevalidateFunctionArgs {
  const here = new URL('http://kora.test/');
  return {
    currentUrl: here,
    nextUrl: here,
    currentParams: {},
    nextParams: {},
    defaultShouldRevalidate: true,
    ...overrides,
  };
}

describe('shouldRevalidatePage', () => {
  it('keeps the page after post and friend actions and when only the post modal changes', () => {
    expect(shouldRevalidatePage(args({ formAction: '/resources/posts/3', formMethod: 'POST' }))).toBe(false);
    expect(shouldRevalidatePage(args({ formAction: '/resources/friends', formMethod: 'POST' }))).toBe(false);
    expect(shouldRevalidatePage(args({ nextUrl: new URL('http://kora.test/?post=3') }))).toBe(false);
  });

  it('reloads otherwise, as Remix would', () => {
    expect(shouldRevalidatePage(args({ formAction: '/resources/posts?index', formMethod: 'POST' }))).toBe(true);
    expect(shouldRevalidatePage(args({ nextUrl: new URL('http://kora.test/?q=a') }))).toBe(true);
    expect(shouldRevalidatePage(args({ defaultShouldRevalidate: false }))).toBe(false);
  });
});

describe('shouldRevalidateFriendsPage', () => {
  it('reloads the lists after friend actions but not after post actions', () => {
    expect(shouldRevalidateFriendsPage(args({ formAction: '/resources/friends', formMethod: 'POST' }))).toBe(true);
    expect(shouldRevalidateFriendsPage(args({ formAction: '/resources/posts/3', formMethod: 'POST' }))).toBe(false);
    expect(shouldRevalidateFriendsPage(args({ nextUrl: new URL('http://kora.test/?post=3') }))).toBe(false);
  });
});
