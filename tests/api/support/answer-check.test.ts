/**
 * The answer checker every API test's `api()` goes through: it passes what the document describes
 * and names each way an answer can differ from it (status, content type, body), so a mismatch in
 * any API test fails that test.
 */
import { describe, expect, it } from 'vitest';
import { answerChecker, type Answer } from './answer-check.js';

const errorBody = {
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' }, code: { type: 'string' } },
  required: ['error', 'message', 'code'],
};
const document = {
  openapi: '3.0.3',
  paths: {
    '/api/users/search': { get: { responses: { 200: { content: { 'application/json': { schema: { type: 'array' } } } } } } },
    '/api/users/{id}': {
      get: {
        responses: {
          200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } },
          404: { content: { 'application/json': { schema: errorBody } } },
        },
      },
    },
    '/api/admin/users/export': {
      get: {
        responses: {
          200: {
            content: {
              'text/csv': { schema: { type: 'string' } },
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/User' } } },
            },
          },
        },
      },
    },
    '/api/signout': { post: { responses: { 204: { description: 'Signed out' } } } },
    '/uploads/{path}': { get: { responses: { 200: { content: { 'image/*': { schema: { type: 'string' } } } } } } },
  },
  components: {
    schemas: {
      User: {
        type: 'object',
        properties: { id: { type: 'integer' }, bio: { type: 'string', nullable: true } },
        required: ['id', 'bio'],
      },
    },
  },
};
const check = answerChecker(document);
const json = (path: string, status: number, body: unknown, method = 'GET'): Answer => ({
  method,
  path,
  status,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(body),
});

describe('answerChecker', () => {
  it('passes answers the document describes, resolving $refs, nullable fields and wildcard paths', () => {
    expect(check.problems(json('/api/users/7', 200, { id: 7, bio: null }))).toEqual([]);
    expect(check.problems(json('/api/users/7', 404, { error: 'Not found', message: 'Not found', code: 'USER_NOT_FOUND' }))).toEqual([]);
    expect(check.problems(json('/api/users/search', 200, []))).toEqual([]);
    expect(check.problems(json('/api/admin/users/export', 200, [{ id: 1, bio: 'Lagos' }]))).toEqual([]);
    expect(check.problems({ ...json('/api/admin/users/export', 200, ''), contentType: 'text/csv', body: 'id\n1\n' })).toEqual([]);
    expect(check.problems({ method: 'POST', path: '/api/signout', status: 204, contentType: null, body: '' })).toEqual([]);
    expect(
      check.problems({ method: 'GET', path: '/uploads/images/a/b.webp', status: 200, contentType: 'image/webp', body: 'RIFF' }),
    ).toEqual([]);
  });

  it('leaves alone what the document does not describe', () => {
    expect(check.problems(json('/api/nowhere', 500, 'anything'))).toEqual([]);
    expect(check.problems(json('/api/users/7', 200, 'anything', 'DELETE'))).toEqual([]);
  });

  it('names a status, a content type or a body the document does not have', () => {
    expect(check.problems(json('/api/users/7', 500, {}))).toEqual([
      'GET /api/users/7 (/api/users/{id}) answered 500: the document lists only 200, 404',
    ]);
    expect(check.problems({ ...json('/api/users/7', 200, {}), contentType: 'text/html', body: '<p>' })).toEqual([
      'GET /api/users/7 (/api/users/{id}) answered 200 as text/html: the document says application/json',
    ]);
    // The literal path wins over the template: search answers an array, not a user.
    expect(check.problems(json('/api/users/search', 200, { id: 1 }))[0]).toContain(
      '(/api/users/search) answered 200: the body does not match',
    );
    const wrong = check.problems(json('/api/users/7', 200, { id: '7' }))[0];
    expect(wrong).toContain("(body) must have required property 'bio'");
    expect(wrong).toContain('/id must be integer');
    expect(check.problems(json('/api/admin/users/export', 200, 'users.json'))[0]).toContain('(body) must be array');
    expect(check.problems(json('/api/signout', 204, { ok: true }, 'POST'))[0]).toContain('the document says no body');
  });
});
