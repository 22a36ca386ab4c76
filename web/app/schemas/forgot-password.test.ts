import { describe, expect, it } from 'vitest';
import { cutOtp, parseCodeStep, parseEmailStep, parseResetStep } from './forgot-password';
import { toFormData as form } from '~/utils/form-data';

const errorOf = (result: { ok: boolean; error?: string }) => (result.ok ? null : result.error);

describe('parseEmailStep', () => {
  it('asks for the e-mail, with the resend wording on resend', () => {
    expect(errorOf(parseEmailStep(form({ email: ' ' })))).toBe('Please enter your email');
    expect(errorOf(parseEmailStep(form({}), { resend: true }))).toBe('Please enter your email first');
    expect(parseEmailStep(form({ email: ' Ada@Example.com ' }))).toEqual({ ok: true, data: { email: 'ada@example.com' } });
  });
});

describe('parseCodeStep', () => {
  it.each(['', '123', '12345', 'abcd', '12a4'])('refuses %j', (otp) => {
    expect(errorOf(parseCodeStep(form({ email: 'a@x.test', otp })))).toBe('OTP must be a 4-digit number');
  });

  it('accepts 4 digits', () => {
    expect(parseCodeStep(form({ email: 'a@x.test', otp: '0042' }))).toEqual({ ok: true, data: { email: 'a@x.test', otp: '0042' } });
  });
});

describe('parseResetStep', () => {
  const base = { email: 'a@x.test', otp: '1234' };
  it('needs both fields, then 6 characters, then a match', () => {
    expect(errorOf(parseResetStep(form({ ...base, password: 'secret1' })))).toBe('Please fill in both password fields');
    expect(errorOf(parseResetStep(form({ ...base, password: 'abc', confirmPassword: 'abd' })))).toBe(
      'Password must be at least 6 characters long',
    );
    expect(errorOf(parseResetStep(form({ ...base, password: 'secret1', confirmPassword: 'secret2' })))).toBe('Passwords do not match');
    expect(parseResetStep(form({ ...base, password: 'secret1', confirmPassword: 'secret1' }))).toEqual({
      ok: true,
      data: { ...base, password: 'secret1' },
    });
  });
});

describe('cutOtp', () => {
  it('keeps at most 4 digits', () => {
    expect(cutOtp('123456')).toBe('1234');
    expect(cutOtp('1a2 3')).toBe('123');
  });
});
