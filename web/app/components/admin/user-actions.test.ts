import { describe, expect, it } from 'vitest';
import { toFormData } from '~/utils/form-data';
import { changedFields } from './user-actions';

const original = JSON.stringify({ firstname: 'Ada', lastname: 'Obi', username: 'ada', email: 'ada@example.ng', role: 'user' });

describe('changedFields', () => {
  it('sends only what the admin changed, trimmed', () => {
    const form = toFormData({ original, firstname: ' Adaeze ', lastname: 'Obi', username: 'ada', email: 'ada@example.ng', role: 'admin' });
    expect(changedFields(form)).toEqual({ firstname: 'Adaeze', role: 'admin' });
  });

  it('sends nothing when nothing changed, and every field without an original', () => {
    expect(
      changedFields(toFormData({ original, firstname: 'Ada', lastname: 'Obi', username: 'ada', email: 'ada@example.ng', role: 'user' })),
    ).toEqual({});
    expect(changedFields(toFormData({ original: 'not json', firstname: 'Ada' }))).toEqual({ firstname: 'Ada' });
  });
});
