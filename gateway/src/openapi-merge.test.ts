import { describe, expect, it } from 'vitest';
import { mergeOpenApi, nullInNullableEnums, withEdgeAnswers } from './openapi-merge.js';

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
    // The edge's own answers (withEdgeAnswers, tested below) join each operation's.
    expect(merged.paths['/api/posts']).toEqual({
      parameters: [{ $ref: '#/components/parameters/AcceptLanguage' }],
      get: { tags: ['posts'], responses: withEdgeAnswers('/api/posts', 'get', { 200: { $ref: '#/components/schemas/Item' } }) },
    });
    expect(merged.paths['/api/groups/{id}']).toEqual({
      parameters: [{ name: 'id', in: 'path' }, { $ref: '#/components/parameters/AcceptLanguage' }],
      get: {
        tags: ['groups'],
        responses: withEdgeAnswers('/api/groups/{id}', 'get', { 200: { $ref: '#/components/schemas/groups.Item' } }),
      },
    });
    expect(merged['x-unavailable-services']).toEqual(['wallet']);
    // Accept-Language is optional on every path, described once.
    expect(merged.components.parameters.AcceptLanguage).toMatchObject({ name: 'Accept-Language', in: 'header', required: false });
    expect(merged.info.description).toContain('Accept-Language');
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
    const merged = mergeOpenApi(
      [
        { service: 'posts', doc: 'oops' },
        { service: 'media', doc: { paths: null } },
      ],
      [],
    );
    expect(merged.paths).toEqual({});
    expect(merged.tags).toEqual([]);
  });
});

describe('nullInNullableEnums', () => {
  it('lists null in a nullable enum, anywhere in the document, and leaves the rest alone', () => {
    const doc = {
      paths: {
        '/a': {
          get: {
            responses: {
              200: {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        review: { type: 'string', nullable: true, enum: ['pending', 'approved'] },
                        state: { type: 'string', enum: ['on', 'off'] },
                        listed: { type: 'string', nullable: true, enum: ['x', null] },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const props = (nullInNullableEnums(doc) as typeof doc).paths['/a'].get.responses[200].content['application/json'].schema.properties;
    expect(props.review.enum).toEqual(['pending', 'approved', null]);
    expect(props.state.enum).toEqual(['on', 'off']);
    expect(props.listed.enum).toEqual(['x', null]);
  });
});

describe('withEdgeAnswers', () => {
  it("documents what the edge answers beside the service's own statuses, which win", () => {
    const own = { '200': { description: 'ok' }, '404': { description: 'No such reel' } };
    expect(Object.keys(withEdgeAnswers('/api/posts', 'get', { '200': { description: 'ok' } })).sort()).toEqual([
      '200',
      '400',
      '429',
      '5XX',
    ]);
    expect(Object.keys(withEdgeAnswers('/api/posts', 'post', {})).sort()).toEqual(['400', '413', '429', '5XX']);
    const reels = withEdgeAnswers('/api/reels', 'get', own);
    expect(Object.keys(reels).sort()).toEqual(['200', '400', '404', '429', '5XX']);
    expect(reels['404']).toEqual({ description: 'No such reel' });
    expect((withEdgeAnswers('/api/stories', 'get', {})['404'] as { description: string }).description).toMatch(/FEATURE_DISABLED/);
  });
});
