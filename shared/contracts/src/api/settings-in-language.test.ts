/** The account and settings texts built once (label maps, schemas, stored notification messages) read the page's language. */
import { beforeAll, describe, expect, it } from 'vitest';
import { inLocale } from '../i18n/current-locale.js';
import { fromEnglish } from '../i18n/from-english.js';
import { loadLanguage } from '../i18n/load-language.js';
import { signInBody } from './auth.js';
import { notificationMessage } from './notification-message-texts.js';
import { localizedNotificationMessage } from './notifications-texts.js';
import { generalSettingsFields } from './settings.js';
import { genderLabels, notificationSwitchLabel, themeLabels } from './settings-texts.js';

const pidgin = <T>(work: () => T): T => inLocale({ language: 'pcm' }, work);

beforeAll(() => loadLanguage('pcm'));

describe('texts built when their module loads', () => {
  it('label maps read the current language each time', () => {
    expect(themeLabels.dark).toBe('Dark');
    expect(pidgin(() => [themeLabels.system, genderLabels.prefer_not])).toEqual(['Follow my phone', 'I no wan talk']);
    expect(Object.keys(genderLabels)).toEqual(['male', 'female', 'non_binary', 'prefer_not']);
    expect(pidgin(() => notificationSwitchLabel('inappLikes').hint)).toBe('When person like your post');
  });

  it('schemas refuse in the language of the moment they refuse, not the one they were built in', () => {
    const blank = { email: '', password: 'x' };
    expect(signInBody.safeParse(blank).error?.issues[0]?.message).toBe('Please fill in all fields');
    expect(pidgin(() => signInBody.safeParse(blank).error?.issues[0]?.message)).toBe('Abeg fill all the boxes');
    const longCity = { ...Object.fromEntries(Object.keys(generalSettingsFields.shape).map((k) => [k, ''])), city: 'x'.repeat(101) };
    const issue = (parse: () => ReturnType<typeof generalSettingsFields.safeParse>) =>
      parse().error?.issues.find((i) => i.path[0] === 'city')?.message;
    expect(issue(() => generalSettingsFields.safeParse(longCity))).toBe('City must be at most 100 characters');
    expect(pidgin(() => issue(() => generalSettingsFields.safeParse(longCity)))).toBe('City no fit pass 100 characters');
  });
});

describe('localizedNotificationMessage', () => {
  it('keeps English as stored', () => {
    expect(localizedNotificationMessage('liked your post')).toBe('liked your post');
  });

  it('writes a stored message again in the current language, with the values it carries', () => {
    const stored = [
      notificationMessage('post_like'),
      notificationMessage('post_comment', 'Nice one "bro"'),
      notificationMessage('group_join_request', 'Lagos Runners'),
      notificationMessage('mention', undefined, true),
      notificationMessage('archive_ready'),
    ];
    expect(pidgin(() => stored.map(localizedNotificationMessage))).toEqual([
      'like your post',
      'comment for your post: "Nice one "bro""',
      'wan join Lagos Runners',
      'mention you for comment',
      'Your data archive don ready to download.',
    ]);
  });

  it('shows a message it does not know as stored', () => {
    expect(pidgin(() => localizedNotificationMessage('Your report about a post was upheld'))).toBe('Your report about a post was upheld');
  });
});

describe('fromEnglish', () => {
  it("reads a service's English refusal in the current language, a template's values kept", () => {
    expect(fromEnglish('Invalid email or password')).toBe('Invalid email or password');
    expect(pidgin(() => fromEnglish('Invalid email or password'))).toBe('Email or password no correct');
    expect(pidgin(() => fromEnglish('Please wait 12s before requesting another code'))).toBe(
      'Abeg wait 12s before you ask for another code',
    );
    expect(pidgin(() => fromEnglish('Something only the server says'))).toBe('Something only the server says');
  });
});
