import { describe, expect, it } from 'vitest';
import { isLiveFeedGroup, liveFeedGroupId } from './feed.js';

describe('live feed group names', () => {
  it('tells a live feed group from the durable ones, with or without a topic prefix', () => {
    const group = liveFeedGroupId('notifications');
    expect(isLiveFeedGroup(group)).toBe(true);
    expect(isLiveFeedGroup(`staging.${group}`)).toBe(true);
    expect(isLiveFeedGroup('notifications.writer')).toBe(false);
    expect(isLiveFeedGroup('gateway.site-settings-view.6f1c0a52-4c1e-4b7e-9a1d-2f3e4d5c6b7a')).toBe(false);
  });
});
