import { describe, expect, it } from 'vitest';
import { toFormData as form } from '~/utils/form-data';
import { fillAllFields, parseLoginForm } from './login';

describe('parseLoginForm', () => {
  it.each([{}, { email: 'ada' }, { password: 'secret' }, { email: '   ', password: 'secret' }, { email: 'ada', password: '  ' }])(
    'asks for every field when given %j',
    (fields) => {
      const result = parseLoginForm(form(fields));
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error).toBe(fillAllFields());
    },
  );

  it('accepts both fields, trims the email/username and keeps the password as typed', () => {
    const result = parseLoginForm(form({ email: ' ada@example.com ', password: ' pass word ' }));
    expect(result.ok && result.data).toEqual({ email: 'ada@example.com', password: ' pass word ' });
  });

  it('uses the spec text verbatim', () => {
    expect(fillAllFields()).toBe('Please fill in all fields');
  });
});
