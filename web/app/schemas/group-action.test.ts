import { groupTexts } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { toFormData as form } from '~/utils/form-data';
import { fieldOfRefusal, parseGroupAction } from './group-action';

const picture = '/uploads/images/0123456789abcdef0123456789abcdef.webp';

describe('parseGroupAction', () => {
  it('reads membership actions with the ids they need', () => {
    expect(parseGroupAction(form({ intent: 'join', groupId: '4' }))).toEqual({ ok: true, action: { intent: 'join', groupId: 4 } });
    expect(parseGroupAction(form({ intent: 'approve', groupId: '4', userId: '9' }))).toEqual({
      ok: true,
      action: { intent: 'approve', groupId: 4, userId: 9 },
    });
    expect(parseGroupAction(form({ intent: 'role', groupId: '4', userId: '9', role: 'admin' }))).toEqual({
      ok: true,
      action: { intent: 'role', groupId: 4, userId: 9, role: 'admin' },
    });
  });

  it('refuses unknown intents, missing ids and unknown roles', () => {
    expect(parseGroupAction(form({ intent: 'explode', groupId: '4' }))).toMatchObject({ ok: false, intent: null });
    expect(parseGroupAction(form({ intent: 'join' }))).toMatchObject({ ok: false, intent: 'join' });
    expect(parseGroupAction(form({ intent: 'remove', groupId: '4' }))).toMatchObject({ ok: false, intent: 'remove' });
    expect(parseGroupAction(form({ intent: 'role', groupId: '4', userId: '9', role: 'king' }))).toMatchObject({
      ok: false,
      intent: 'role',
    });
  });

  it('creates a group from its form, an empty picture being none', () => {
    expect(parseGroupAction(form({ intent: 'create', title: ' Lagos Food ', description: '', privacy: 'private', picture: '' }))).toEqual({
      ok: true,
      action: { intent: 'create', body: { title: 'Lagos Food', description: '', privacy: 'private', picture: null } },
    });
    expect(parseGroupAction(form({ intent: 'create', title: 'Lagos', privacy: 'public', picture }))).toMatchObject({
      ok: true,
      action: { body: { picture } },
    });
  });

  it("shows every refused field with the contracts' texts", () => {
    const refused = parseGroupAction(form({ intent: 'create', title: ' ', privacy: 'secret', picture: 'https://evil.example/a.png' }));
    expect(refused).toEqual({
      ok: false,
      intent: 'create',
      fieldErrors: { title: groupTexts.titleRequired, privacy: groupTexts.privacyInvalid, picture: groupTexts.pictureInvalid },
    });
    expect(parseGroupAction(form({ intent: 'update', groupId: '3', title: 'x'.repeat(81), privacy: 'public' }))).toMatchObject({
      ok: false,
      fieldErrors: { title: groupTexts.titleTooLong },
    });
  });
});

describe('fieldOfRefusal', () => {
  it("puts the API's field texts beside their field and the rest above the form", () => {
    expect(fieldOfRefusal(groupTexts.titleTooLong)).toBe('title');
    expect(fieldOfRefusal(groupTexts.pictureInvalid)).toBe('picture');
    expect(fieldOfRefusal(groupTexts.ownerOnly)).toBeNull();
  });
});
