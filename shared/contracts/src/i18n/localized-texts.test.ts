import { afterAll, describe, expect, it } from 'vitest';
import { inLocale } from './current-locale.js';
import { fromEnglish } from './from-english.js';
import { forgetNamespace, registerCatalog } from './engine.js';
import { intlLocale, negotiateLanguage } from './languages.js';
import { localizedTexts, plural, template } from './localized-texts.js';

const texts = localizedTexts('test-sample', {
  hello: 'Hello',
  welcome: template('Welcome, {{name}}', (name: string) => ({ name })),
  left: plural({ one: '{{count}} code left.', other: '{{count}} codes left.' }, (count: number) => ({ count })),
  greeting: (name: string): string => `${texts.hello}! ${texts.welcome(name)}`,
});
registerCatalog('pcm', 'test-sample', {
  hello: 'How far',
  welcome: 'Welcome o, {{name}}',
  left: '-',
  left_one: '{{count}} code remain.',
  left_other: '{{count}} codes remain.',
});
// The unit tests share one engine: the catalogs test must not take this sample for a texts module.
afterAll(() => forgetNamespace('test-sample'));

describe('localizedTexts', () => {
  it('reads English where no language is set, as services and integrators get it', () => {
    expect(texts.hello).toBe('Hello');
    expect(texts.welcome('Ada')).toBe('Welcome, Ada');
    expect([texts.left(1), texts.left(3)]).toEqual(['1 code left.', '3 codes left.']);
    expect(texts.greeting('Ada')).toBe('Hello! Welcome, Ada');
  });

  it('reads the current language, interpolation and plurals included', () => {
    inLocale({ language: 'pcm' }, () => {
      expect(texts.hello).toBe('How far');
      expect(texts.welcome('Ada')).toBe('Welcome o, Ada');
      expect([texts.left(1), texts.left(3)]).toEqual(['1 code remain.', '3 codes remain.']);
      expect(texts.greeting('Ada')).toBe('How far! Welcome o, Ada');
    });
    expect(texts.hello).toBe('Hello');
  });

  it('falls back to English for a language without the key', () => {
    inLocale({ language: 'yo' }, () => expect(texts.welcome('Ada')).toBe('Welcome, Ada'));
  });

  it('does not escape what it interpolates (React and e-mails escape their own)', () => {
    expect(texts.welcome('<b>&')).toBe('Welcome, <b>&');
  });
});

describe('negotiateLanguage', () => {
  it.each([
    [null, 'en'],
    ['', 'en'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['pcm', 'pcm'],
    ['pcm-NG,en;q=0.5', 'pcm'],
    ['en-NG,pcm;q=0.8', 'en'],
    ['fr;q=1,pcm;q=0.7,en;q=0.3', 'pcm'],
    ['*', 'en'],
    ['garbage;;;q=x', 'en'],
  ])('%s → %s', (header, language) => {
    expect(negotiateLanguage(header)).toBe(language);
  });

  it('formats English and the Nigerian languages as Nigerians write English, others as their own', () => {
    expect(intlLocale('en')).toBe('en-NG');
    // Chromium has no Intl data for Pidgin: the server must not write what the browser cannot.
    expect(intlLocale('pcm')).toBe('en-NG');
    expect(intlLocale('fr')).toBe('fr');
  });
});

describe('fromEnglish', () => {
  it('puts a text kept in English back into the current language, when a catalog holds it word for word', () => {
    const kept = texts.hello;
    const filled = texts.welcome('Ada');
    expect(fromEnglish(kept)).toBe('Hello');
    inLocale({ language: 'pcm' }, () => {
      expect(fromEnglish(kept)).toBe('How far');
      expect(fromEnglish(filled)).toBe('Welcome, Ada');
      expect(fromEnglish('Words no catalog holds')).toBe('Words no catalog holds');
    });
  });
});
