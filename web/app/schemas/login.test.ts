import { describe, expect, it } from 'vitest';
import { FILL_ALL_FIELDS, parseLoginForm } from './login';

function form(fields: Record<string, string | undefined>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data.set(key, value);
  return data;
}

describe('parseLoginForm', () => {
  it.each([{}, { email: 'ada' }, { password: 'secret' }, { email: '   ', password: 'secret' }, { email: 'ada', password: '  ' }])(
    'asks for every field when given %j',
    (fields) => {
      const result = parseLoginForm(form(fields));
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(FILL_ALL_FIELDS);
    },
  );

  it('accepts both fields and trims the email/username', () => {
    const result = parseLoginForm(form({ email: ' ada@example.com ', password: ' pass word ' }));
    expect(result.success && result.data).toEqual({ email: 'ada@example.com', password: ' pass word ' });
  });
});
