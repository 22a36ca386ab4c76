import { describe, expect, it } from 'vitest';
import { canChangePassword, parsePasswordChange, parseProfileEdit } from './account';
import { toFormData as form } from '~/utils/form-data';

describe('canChangePassword', () => {
  it('needs a current password and a new one of at least 8 characters', () => {
    expect(canChangePassword('', 'longenough')).toBe(false);
    expect(canChangePassword('old', '1234567')).toBe(false);
    expect(canChangePassword('old', '12345678')).toBe(true);
  });
});

describe('parsePasswordChange', () => {
  it('enforces the same rule on the server', () => {
    expect(parsePasswordChange(form({ currentPassword: '', newPassword: 'longenough' }))).toMatchObject({ ok: false });
    expect(parsePasswordChange(form({ currentPassword: 'old', newPassword: 'short' }))).toMatchObject({
      ok: false,
      error: 'New password must be at least 8 characters',
    });
    expect(parsePasswordChange(form({ currentPassword: 'old', newPassword: 'longenough' }))).toEqual({
      ok: true,
      data: { currentPassword: 'old', newPassword: 'longenough' },
    });
  });
});

describe('parseProfileEdit', () => {
  it('trims names and bio and requires the names', () => {
    expect(parseProfileEdit(form({ firstname: ' Ada ', lastname: 'Obi', bio: ' Hello ' }))).toEqual({
      ok: true,
      data: { firstname: 'Ada', lastname: 'Obi', bio: 'Hello' },
    });
    expect(parseProfileEdit(form({ firstname: ' ', lastname: 'Obi', bio: '' }))).toMatchObject({
      ok: false,
      error: 'Please fill in all fields',
    });
  });
});
