import { adminTexts } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { toFormData } from '~/utils/form-data';
import { parsePostsAction } from './post-actions';

describe('parsePostsAction', () => {
  it('reads a visibility change', () => {
    expect(parsePostsAction(toFormData({ intent: 'visibility', id: '42', action: 'shadow' }))).toEqual({
      ok: true,
      data: { intent: 'visibility', id: 42, action: 'shadow' },
    });
  });

  it('reads report decisions', () => {
    expect(parsePostsAction(toFormData({ intent: 'report', id: '9', action: 'resolve', moderation: 'remove' }))).toEqual({
      ok: true,
      data: { intent: 'report', id: 9, body: { action: 'resolve', moderation: 'remove' } },
    });
    expect(parsePostsAction(toFormData({ intent: 'report', id: '9', action: 'dismiss' }))).toEqual({
      ok: true,
      data: { intent: 'report', id: 9, body: { action: 'dismiss' } },
    });
  });

  it('refuses a resolve without the moderation taken', () => {
    expect(parsePostsAction(toFormData({ intent: 'report', id: '9', action: 'resolve' }))).toMatchObject({
      ok: false,
      error: adminTexts.reportModerationRequired,
    });
  });

  it('refuses odd forms', () => {
    expect(parsePostsAction(toFormData({ intent: 'visibility', id: 'x', action: 'shadow' }))).toMatchObject({ ok: false });
    expect(parsePostsAction(toFormData({ intent: 'visibility', id: '1', action: 'burn' }))).toMatchObject({ ok: false });
    expect(parsePostsAction(toFormData({ intent: 'nope', id: '1' }))).toEqual({ ok: false, error: 'Unknown action' });
  });
});
