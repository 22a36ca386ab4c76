/**
 * Post forms on the contract's schemas (posts API): a new post and a comment, parsed by the
 * actions. The rules the composer and comment box show (button enabled or not) are the ones the
 * actions enforce; they live in post-rules.ts, which the browser loads without the schemas.
 */
import { commentBody, createPostBody, mediaTypeOf, postTexts, type CreatePostBody } from '@kora/contracts';
import { fail, formText, parseWith, type FormResult } from '~/utils/forms';
import { canSubmitPost } from './post-rules';

export * from './post-rules';

/**
 * The composer's form: `content`, one `media` field per uploaded URL, and `groupId` when posting in
 * a group (the posts service decides whether the member may). The author is always the signed-in
 * member (`userId` from the session), never a form field; each item's type follows the spec's rule
 * (a URL containing /videos/ is a video).
 */
export function parseNewPost(form: FormData, userId: number): FormResult<CreatePostBody> {
  const { content, groupId } = formText(form, ['content', 'groupId']);
  const urls = form.getAll('media').filter((value): value is string => typeof value === 'string' && value !== '');
  const parsed = parseWith(createPostBody, {
    userId,
    content,
    media: urls.map((url) => ({ url, type: mediaTypeOf(url) })),
    groupId: groupId === '' ? null : groupId,
  });
  if (!parsed.ok) return parsed;
  if (!canSubmitPost(parsed.data.content, parsed.data.media.length)) return fail(postTexts.empty, 'content');
  return parsed;
}

export function parseComment(form: FormData): FormResult<{ content: string }> {
  return parseWith(commentBody, formText(form, ['content']));
}
