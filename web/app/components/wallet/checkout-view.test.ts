import { SANDBOX_DECLINED_CARD, SANDBOX_SUCCESS_CARD } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { cardGroups } from './checkout-view';

describe('cardGroups', () => {
  it('writes card numbers in groups of four, as printed', () => {
    expect(cardGroups(SANDBOX_SUCCESS_CARD)).toBe('4084 0840 8408 4081');
    expect(cardGroups(SANDBOX_DECLINED_CARD)).toBe('4000 0000 0000 0002');
    expect(cardGroups('4084 08408408 4081')).toBe('4084 0840 8408 4081');
    expect(cardGroups('123456')).toBe('1234 56');
  });
});
