import { describe, expect, it } from 'vitest';
import { isLiveFeedGroup, liveFeedGroupId, LIVE_MAX_AGE_MS, tooOldForLive } from './feed.js';

describe('live feed group names', () => {
  it('tells a live feed group from the durable ones, with or without a topic prefix', () => {
    const group = liveFeedGroupId('notifications');
    expect(isLiveFeedGroup(group)).toBe(true);
    expect(isLiveFeedGroup(`staging.${group}`)).toBe(true);
    expect(isLiveFeedGroup('notifications.writer')).toBe(false);
    expect(isLiveFeedGroup('gateway.site-settings-view.6f1c0a52-4c1e-4b7e-9a1d-2f3e4d5c6b7a')).toBe(false);
  });
});

describe('live feed age limit', () => {
  const now = Date.parse('2026-11-27T12:00:00.000Z');

  it('pushes a notification created within the last ten minutes, not one replayed later', () => {
    expect(tooOldForLive('2026-11-27T11:59:59.000Z', now)).toBe(false);
    expect(tooOldForLive(new Date(now - LIVE_MAX_AGE_MS).toISOString(), now)).toBe(false);
    expect(tooOldForLive(new Date(now - LIVE_MAX_AGE_MS - 1).toISOString(), now)).toBe(true);
    expect(tooOldForLive('2026-11-26T12:00:00.000Z', now)).toBe(true);
  });
});
