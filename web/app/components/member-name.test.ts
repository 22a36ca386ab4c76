import { describe, expect, it } from 'vitest';
import { shownHandle } from './member-name';

describe('shownHandle', () => {
  it('shows @username beside a name when asked for', () => {
    expect(shownHandle('Ada Obi', 'ada.obi', true)).toBe('@ada.obi');
  });

  it('shows nothing unless asked for', () => {
    expect(shownHandle('Ada Obi', 'ada.obi', false)).toBeNull();
  });

  it('does not repeat a username that is the name already (a member without names)', () => {
    expect(shownHandle('ada.obi', 'ada.obi', true)).toBeNull();
    expect(shownHandle('Ada.Obi ', 'ada.obi', true)).toBeNull();
  });

  it('shows nothing for a blank username', () => {
    expect(shownHandle('Ada Obi', '', true)).toBeNull();
  });
});
