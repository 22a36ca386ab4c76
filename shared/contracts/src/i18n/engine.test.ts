import { afterAll, describe, expect, it } from 'vitest';
import { catalogOf, forgetNamespace, registerCatalog, translate } from './engine.js';

const NS = 'test-engine';
registerCatalog('en', NS, {
  hello: 'Hello',
  welcome: 'Welcome, {{name}}',
  left_one: '{{count}} code left.',
  left_other: '{{count}} codes left.',
  onlyEnglish: 'Only in English',
});
registerCatalog('pcm', NS, { hello: 'How far', left_one: '{{count}} code remain.', left_other: '{{count}} codes remain.' });
// The unit tests share one engine: the catalogs test must not take this sample for a texts module.
afterAll(() => forgetNamespace(NS));

describe('translate', () => {
  it('reads the language, then English, then gives the key back', () => {
    expect(translate('pcm', NS, 'hello')).toBe('How far');
    expect(translate('pcm', NS, 'onlyEnglish')).toBe('Only in English');
    expect(translate('pcm', NS, 'noSuchKey')).toBe('noSuchKey');
  });

  it("picks the plural form by the language's own rules (Pidgin counts none as one)", () => {
    expect([0, 1, 2].map((count) => translate('en', NS, 'left', { count }))).toEqual(['0 codes left.', '1 code left.', '2 codes left.']);
    expect([0, 1, 2].map((count) => translate('pcm', NS, 'left', { count }))).toEqual([
      '0 code remain.',
      '1 code remain.',
      '2 codes remain.',
    ]);
  });

  it('reads English, with its plurals, for a language Intl does not take', () => {
    expect(translate('not a language!', NS, 'left', { count: 1 })).toBe('1 code left.');
  });

  it('fills placeholders as given, and keeps one it has no value for', () => {
    expect(translate('en', NS, 'welcome', { name: '{{count}} & <b>' })).toBe('Welcome, {{count}} & <b>');
    expect(translate('en', NS, 'welcome', {})).toBe('Welcome, {{name}}');
  });

  it('adds to a catalog, a text registered again replaced', () => {
    registerCatalog('pcm', NS, { hello: 'Wetin dey' });
    expect(catalogOf('pcm', NS)).toMatchObject({ hello: 'Wetin dey', left_one: '{{count}} code remain.' });
  });
});
