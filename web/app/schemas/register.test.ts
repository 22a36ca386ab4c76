import { describe, expect, it } from 'vitest';
import { toFormData as form } from '~/utils/form-data';
import { parseRegisterForm } from './register';

const valid = {
  firstname: ' Ada ',
  lastname: 'Obi',
  username: 'ada_obi',
  email: 'Ada@Example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

function errorOf(fields: Record<string, string>) {
  const result = parseRegisterForm(form(fields));
  return result.ok ? null : [result.error, result.field];
}

describe('parseRegisterForm', () => {
  it('accepts a complete form and normalises it for the API', () => {
    const result = parseRegisterForm(form(valid));
    expect(result.ok && result.data).toEqual({
      firstname: 'Ada',
      lastname: 'Obi',
      username: 'ada_obi',
      email: 'ada@example.com',
      password: 'secret1',
    });
  });

  it('asks for all fields first', () => {
    expect(errorOf({ ...valid, lastname: '  ' })).toEqual(['Please fill in all fields', 'lastname']);
    expect(errorOf({ ...valid, confirmPassword: '' })).toEqual(['Please fill in all fields', 'confirmPassword']);
  });

  it('then checks the passwords match, then their length', () => {
    expect(errorOf({ ...valid, password: 'abc', confirmPassword: 'abd' })).toEqual(['Passwords do not match', 'confirmPassword']);
    expect(errorOf({ ...valid, password: 'abc', confirmPassword: 'abc' })).toEqual([
      'Password must be at least 6 characters long',
      'password',
    ]);
  });

  it('then applies the contract rules', () => {
    expect(errorOf({ ...valid, email: 'not-an-email' })).toEqual(['Please enter a valid email address', 'email']);
    expect(errorOf({ ...valid, username: 'a b' })?.[1]).toBe('username');
  });
});
