import { messageTexts } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { bodyRefusal, sendsOnEnter, typingDue } from './composer-rules';

describe('composer rules', () => {
  it('refuse empty and over-long text with the contract’s texts; media alone may go', () => {
    expect(bodyRefusal('   ', 0)).toBe(messageTexts.bodyEmpty);
    expect(bodyRefusal('', 1)).toBeNull();
    expect(bodyRefusal('x'.repeat(4000), 0)).toBeNull();
    expect(bodyRefusal(` ${'x'.repeat(4000)} `, 0)).toBeNull();
    expect(bodyRefusal('x'.repeat(4001), 0)).toBe(messageTexts.bodyTooLong);
    expect(bodyRefusal('Hello 👋🏽', 0)).toBeNull();
    // An emoji is one character, as the service counts.
    expect(bodyRefusal('😀'.repeat(4000), 0)).toBeNull();
  });

  it('send on Enter alone; Shift+Enter and an input method composing do not', () => {
    expect(sendsOnEnter({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(sendsOnEnter({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(sendsOnEnter({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(sendsOnEnter({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('signal typing at most every 3 s', () => {
    expect(typingDue(0, 10_000)).toBe(true);
    expect(typingDue(10_000, 12_999)).toBe(false);
    expect(typingDue(10_000, 13_000)).toBe(true);
  });
});
