/**
 * The posts screen's action, read from its forms: `intent=visibility` (id, action: remove, restore,
 * shadow, unshadow) or `intent=report` (id, action: resolve or dismiss, moderation: remove or
 * shadow). Checked with the contracts' schemas, so a bad form is a clear text, never a call.
 */
import {
  adminScreenTexts,
  adminTexts,
  closeReportBody,
  postVisibilityBody,
  type CloseReportBody,
  type PostVisibilityAction,
} from '@kora/contracts';
import { z } from 'zod';
import { parseForm } from '~/utils/form-submission';

export type PostsPageAction =
  { intent: 'visibility'; id: number; action: PostVisibilityAction } | { intent: 'report'; id: number; body: CloseReportBody };

const visibilityForm = z.object({ action: z.unknown().optional() }).pipe(postVisibilityBody);
/** An empty moderation field means none. */
const closeReportForm = z
  .object({ action: z.unknown().optional(), moderation: z.unknown().optional() })
  .transform(({ action, moderation }) => ({ action, ...(moderation ? { moderation } : {}) }))
  .pipe(closeReportBody);

export function parsePostsAction(form: FormData): { ok: true; data: PostsPageAction } | { ok: false; error: string } {
  const id = Number(form.get('id'));
  if (!Number.isSafeInteger(id) || id <= 0) return { ok: false, error: adminTexts.postNotFound };
  switch (form.get('intent')) {
    case 'visibility': {
      const parsed = parseForm(form, visibilityForm);
      return parsed.ok ? { ok: true, data: { intent: 'visibility', id, action: parsed.data.action } } : parsed;
    }
    case 'report': {
      const parsed = parseForm(form, closeReportForm);
      return parsed.ok ? { ok: true, data: { intent: 'report', id, body: parsed.data } } : parsed;
    }
    default:
      return { ok: false, error: adminScreenTexts.unknownAction };
  }
}
