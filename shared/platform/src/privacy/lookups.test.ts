import { describe, expect, it } from 'vitest';
import { audienceAllows } from './lookups.js';

describe('audienceAllows', () => {
  it('lets everyone see what is for everyone, friends what is for friends, and only the member what is only theirs', () => {
    expect(['self', 'friend', 'stranger'].map((r) => audienceAllows('everyone', r as 'self'))).toEqual([true, true, true]);
    expect(['self', 'friend', 'stranger'].map((r) => audienceAllows('friends', r as 'self'))).toEqual([true, true, false]);
    expect(['self', 'friend', 'stranger'].map((r) => audienceAllows('only_me', r as 'self'))).toEqual([true, false, false]);
  });
});
