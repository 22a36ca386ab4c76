import { describe, expect, it } from 'vitest';
import { displayName } from './api/auth.js';

describe('displayName', () => {
  it('is "firstname lastname", each trimmed', () => {
    expect(displayName({ firstname: ' Ada ', lastname: 'Obi ', username: 'ada' })).toBe('Ada Obi');
    expect(displayName({ firstname: 'Ada', lastname: '', username: 'ada' })).toBe('Ada');
  });

  it('falls back to the username when both names are blank', () => {
    expect(displayName({ firstname: ' ', lastname: '', username: 'ada.obi' })).toBe('ada.obi');
  });
});
