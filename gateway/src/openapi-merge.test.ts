import { describe, expect, it } from 'vitest';
import { mergeOpenApi } from './openapi-merge.js';

describe('mergeOpenApi', () => {
  it('renames a clashing schema and rewrites only that service’s references to it', () => {
    const merged = mergeOpenApi(
      [
        {
          service: 'posts',
          doc: {
            openapi: '3.0.3',
            paths: { '/api/posts': { get: { responses: { 200: { $ref: '#/components/schemas/Item' } } } } },
            components: { schemas: { Item: { type: 'object' }, Shared: { type: 'string' } } },
          },
        },
        {
          service: 'groups',
          doc: {
            openapi: '3.0.3',
            paths: {
              '/api/groups/{id}': {
                parameters: [{ name: 'id', in: 'path' }],
                get: { tags: ['old'], responses: { 200: { $ref: '#/components/schemas/Item' } } },
              },
            },
            components: {
              schemas: {
                Item: { type: 'array', items: { $ref: '#/components/schemas/Shared' } },
                Shared: { type: 'string' },
              },
            },
          },
        },
      ],
      ['wallet'],
    );
    expect(merged.components.schemas).toEqual({
      Item: { type: 'object' },
      Shared: { type: 'string' },
      'groups.Item': { type: 'array', items: { $ref: '#/components/schemas/Shared' } },
    });
    expect(merged.paths['/api/posts']).toEqual({ get: { tags: ['posts'], responses: { 200: { $ref: '#/components/schemas/Item' } } } });
    expect(merged.paths['/api/groups/{id}']).toEqual({
      parameters: [{ name: 'id', in: 'path' }],
      get: { tags: ['groups'], responses: { 200: { $ref: '#/components/schemas/groups.Item' } } },
    });
    expect(merged['x-unavailable-services']).toEqual(['wallet']);
  });

  it('keeps only the paths the gateway routes to that service', () => {
    const merged = mergeOpenApi(
      [
        {
          service: 'auth',
          doc: { paths: { '/api/users/{id}': { get: {} }, '/api/users/fetchbalance': { get: {} }, '/healthz': { get: {} } } },
        },
      ],
      [],
    );
    // fetchbalance belongs to the wallet, /healthz to nobody public.
    expect(Object.keys(merged.paths)).toEqual(['/api/users/{id}']);
  });

  it('describes /ws beside the notifications service, with a server and both security schemes', () => {
    const merged = mergeOpenApi([{ service: 'notifications', doc: { paths: { '/api/notifications': { get: {} } } } }], []);
    expect(Object.keys(merged.paths)).toEqual(['/api/notifications', '/ws']);
    expect(merged.paths['/ws']).toMatchObject({ get: { operationId: 'openLiveSocket' } });
    expect(merged.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(Object.keys(merged.components.securitySchemes).sort()).toEqual(['bearerAuth', 'cookieAuth']);
  });

  it('ignores documents that are not OpenAPI objects', () => {
    const merged = mergeOpenApi([{ service: 'posts', doc: 'oops' }, { service: 'media', doc: { paths: null } }], []);
    expect(merged.paths).toEqual({});
    expect(merged.tags).toEqual([]);
  });
});
