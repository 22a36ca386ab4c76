import { describe, expect, it } from 'vitest';
import { toFormData as form } from '~/utils/form-data';
import { parseBlockAction } from './block-action';

describe('parseBlockAction', () => {
  it('reads block and unblock with a member id', () => {
    expect(parseBlockAction(form({ intent: 'block', userId: '12' }))).toEqual({ intent: 'block', userId: 12 });
    expect(parseBlockAction(form({ intent: 'unblock', userId: '7' }))).toEqual({ intent: 'unblock', userId: 7 });
  });

  it('refuses unknown intents and ids that are not positive whole numbers', () => {
    for (const fields of [
      { intent: 'mute', userId: '12' },
      { intent: 'block' },
      { intent: 'block', userId: '' },
      { intent: 'block', userId: '0' },
      { intent: 'block', userId: '-3' },
      { intent: 'block', userId: '1.5' },
      { intent: 'block', userId: 'abc' },
      { intent: 'block', userId: '9007199254740993' },
      { userId: '12' },
    ]) {
      expect(parseBlockAction(form(fields)), JSON.stringify(fields)).toBeNull();
    }
  });
});
