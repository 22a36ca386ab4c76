import { afterAll, describe, expect, it } from 'vitest';
import { inLocale } from './current-locale.js';
import { forgetNamespace, registerCatalog } from './engine.js';
import { localizedLabels } from './localized-labels.js';
import { localizedTexts } from './localized-texts.js';

const texts = localizedTexts('test-labels', { yes: 'Yes', no: 'No' });
registerCatalog('pcm', 'test-labels', { yes: 'Ehen', no: 'No o' });
const labels = localizedLabels(texts, { agree: 'yes', refuse: 'no' });

afterAll(() => forgetNamespace('test-labels'));

describe('localized labels', () => {
  it('reads each label in the language current when it is read, not when the map was built', () => {
    expect(labels.agree).toBe('Yes');
    expect(inLocale({ language: 'pcm' }, () => [labels.agree, labels.refuse])).toEqual(['Ehen', 'No o']);
    expect(Object.keys(labels)).toEqual(['agree', 'refuse']);
    expect(Object.isFrozen(labels)).toBe(true);
  });
});
