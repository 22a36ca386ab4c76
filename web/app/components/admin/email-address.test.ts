import { describe, expect, it } from 'vitest';
import { splitEmail } from './email-address';

describe('splitEmail', () => {
  it('keeps the "@" with the domain, so the only break falls before it', () => {
    expect(splitEmail('ada.lovelace@example.com')).toEqual({ local: 'ada.lovelace', domain: '@example.com' });
  });

  it('splits at the last "@" (a quoted local part may hold one)', () => {
    expect(splitEmail('"a@b"@example.com')).toEqual({ local: '"a@b"', domain: '@example.com' });
  });

  it('leaves a value without a domain whole', () => {
    expect(splitEmail('no-at-sign')).toEqual({ local: 'no-at-sign', domain: '' });
    expect(splitEmail('@example.com')).toEqual({ local: '@example.com', domain: '' });
  });
});
