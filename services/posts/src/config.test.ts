import { ConfigError } from '@kora/platform';
import { describe, expect, it } from 'vitest';
import { loadPostsConfig } from './config.js';

describe('posts configuration', () => {
  it('searches posts with PostgreSQL unless told otherwise (the embedded product needs nothing)', () => {
    expect(loadPostsConfig({})).toEqual({
      KORA_TIME_ZONE: 'Africa/Lagos',
      SEARCH_BACKEND: 'postgres',
      OPENSEARCH_URL: undefined,
      OPENSEARCH_INDEX_PREFIX: 'kora',
    });
    expect(loadPostsConfig({ SEARCH_BACKEND: '', OPENSEARCH_URL: '' }).SEARCH_BACKEND).toBe('postgres');
  });

  it('takes OpenSearch with its address, and refuses it without one or with a bad engine or prefix', () => {
    const url = 'https://search:secret@opensearch.example.ng:9200';
    expect(loadPostsConfig({ SEARCH_BACKEND: 'opensearch', OPENSEARCH_URL: url, OPENSEARCH_INDEX_PREFIX: 'staging' })).toMatchObject({
      SEARCH_BACKEND: 'opensearch',
      OPENSEARCH_URL: url,
      OPENSEARCH_INDEX_PREFIX: 'staging',
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadPostsConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as ConfigError).problems.join('\n');
      }
      return expect.unreachable();
    };
    expect(problems({ SEARCH_BACKEND: 'opensearch' })).toMatch(/OPENSEARCH_URL: SEARCH_BACKEND=opensearch needs OPENSEARCH_URL/);
    expect(problems({ SEARCH_BACKEND: 'elastic' })).toMatch(/SEARCH_BACKEND/);
    expect(problems({ OPENSEARCH_INDEX_PREFIX: 'Kora Posts' })).toMatch(/OPENSEARCH_INDEX_PREFIX/);
  });
});
