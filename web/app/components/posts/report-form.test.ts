import { adminTexts } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { toFormData } from '~/utils/form-data';
import { parseReportForm } from './report-form';

describe('parseReportForm', () => {
  it('reads a post report', () => {
    expect(parseReportForm(toFormData({ target: 'post', id: '42', reason: 'spam', note: ' same link ' }))).toEqual({
      ok: true,
      data: { postId: 42, reason: 'spam', note: 'same link' },
    });
  });

  it('reads a comment report without a note', () => {
    expect(parseReportForm(toFormData({ target: 'comment', id: '7', reason: 'harassment' }))).toEqual({
      ok: true,
      data: { commentId: 7, reason: 'harassment', note: '' },
    });
  });

  it('asks for a reason', () => {
    expect(parseReportForm(toFormData({ target: 'post', id: '42' }))).toMatchObject({ ok: false, error: 'Choose a reason' });
    expect(parseReportForm(toFormData({ target: 'post', id: '42', reason: 'boring' }))).toMatchObject({
      ok: false,
      error: 'Choose a reason',
    });
  });

  it('refuses a missing or odd item', () => {
    expect(parseReportForm(toFormData({ target: 'post', id: 'x', reason: 'spam' }))).toMatchObject({
      ok: false,
      error: adminTexts.reportTargetRequired,
    });
    expect(parseReportForm(toFormData({ target: 'group', id: '3', reason: 'spam' }))).toMatchObject({
      ok: false,
      error: adminTexts.reportTargetRequired,
    });
  });

  it('refuses a note over 500 characters', () => {
    expect(parseReportForm(toFormData({ target: 'post', id: '1', reason: 'other', note: 'x'.repeat(501) }))).toMatchObject({
      ok: false,
      error: 'A note must be at most 500 characters',
      field: 'note',
    });
  });
});
