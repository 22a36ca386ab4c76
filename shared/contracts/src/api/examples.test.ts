/**
 * The examples the API document shows (decision 015: an example for every route) are the ones on
 * the contracts' schemas, so an example that drifts from its schema would teach integrators a shape
 * the API refuses or never answers. Every exported schema that carries an example must accept it.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index.js';

const withExamples = Object.entries(contracts).flatMap(([name, value]) => {
  if (!(value instanceof z.ZodType)) return [];
  const example = value.meta()?.example;
  return example === undefined ? [] : [[name, value, example] as const];
});

describe('the contracts’ examples', () => {
  it('are found (the request and answer schemas carry them)', () => {
    const names = withExamples.map(([name]) => name);
    for (const name of [
      'signUpBody',
      'signInAnswer',
      'postSchema',
      'createPostBody',
      'notificationSchema',
      'uploadAnswer',
      'siteSettingsSchema',
    ]) {
      expect(names).toContain(name);
    }
  });

  it.each(withExamples)('%s accepts its own example', (_name, schema, example) => {
    const parsed = schema.safeParse(example);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});
