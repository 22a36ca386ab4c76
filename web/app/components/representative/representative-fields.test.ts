import { REPRESENTATIVE_FIELDS, representativeTexts } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { toFormData } from '~/utils/form-data';
import { firstFieldError, parseRepresentativeForm, REPRESENTATIVE_FORM_FIELDS } from './representative-fields';

const good = {
  name: 'Chidi Nwosu',
  username: 'chidi.n',
  phone: '+234 803 123 4567',
  email: 'Chidi@Example.ng',
  state: 'Enugu',
  residentialState: 'Enugu',
  residentAddress: '12 Ogui Road, Enugu',
  proposedLocation: 'Enugu North',
  koraUsername: 'chidi',
  note: 'I run a youth tech club and know the area well.',
};

describe('the representative form', () => {
  it('has the ten fields of the contract', () => {
    expect(REPRESENTATIVE_FORM_FIELDS.map((f) => f.name).sort()).toEqual([...REPRESENTATIVE_FIELDS].sort());
    expect(REPRESENTATIVE_FORM_FIELDS.map((f) => f.label)).toEqual([
      'Name',
      'Username',
      'Phone number',
      'Email',
      'State',
      'Residential state',
      'Resident address',
      'Proposed location to represent',
      'Kora username',
      'Little note about yourself',
    ]);
  });

  it('reads a good application', () => {
    const parsed = parseRepresentativeForm(toFormData(good));
    expect(parsed).toMatchObject({ ok: true, data: { email: 'chidi@example.ng', name: 'Chidi Nwosu' } });
  });

  it('answers every refused field with the spec texts', () => {
    const parsed = parseRepresentativeForm(toFormData({ ...good, name: '', username: 'a b', phone: 'call me', email: 'nope', note: 'hi' }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors).toEqual({
      name: representativeTexts.nameRequired,
      username: representativeTexts.usernameChars,
      phone: representativeTexts.phoneInvalid,
      email: representativeTexts.emailInvalid,
      note: representativeTexts.noteShort,
    });
    expect(firstFieldError(parsed.fieldErrors)).toBe(representativeTexts.nameRequired);
  });

  it('refuses a note over 600 characters', () => {
    const parsed = parseRepresentativeForm(toFormData({ ...good, note: 'x'.repeat(601) }));
    expect(parsed).toEqual({ ok: false, fieldErrors: { note: representativeTexts.noteLong } });
  });
});
