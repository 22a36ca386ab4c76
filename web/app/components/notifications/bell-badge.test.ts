import { describe, expect, it } from 'vitest';
import { bellBadge, bellLabel } from './bell-badge';

describe('bellBadge', () => {
  it('shows no badge at 0, the count up to 99, then 99+', () => {
    expect(bellBadge(0)).toBeNull();
    expect(bellBadge(1)).toBe('1');
    expect(bellBadge(99)).toBe('99');
    expect(bellBadge(100)).toBe('99+');
  });
});

describe('bellLabel', () => {
  it('names the button with the badge', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(7)).toBe('Notifications, 7 unread');
    expect(bellLabel(250)).toBe('Notifications, 99+ unread');
  });
});
