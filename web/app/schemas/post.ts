/**
 * Post forms on the contract's schemas (posts API): a new post and a comment, parsed by the
 * actions. The rules the composer and comment box show (button enabled or not) are the ones the
 * actions enforce; they live in post-rules.ts, which the browser loads without the schemas.
 */
import { commentBody, createPostBody, mediaTypeOf, postTexts, type CreatePostBody } from '@kora/contracts';
import { z } from 'zod';
import { parseForm, refuse, textField, thenCheck, type FormResult } from '~/utils/form-submission';
import { canSubmitPost } from './post-rules';

export * from './post-rules';

/** Every `media` field that holds a URL (conform reads one value as a string, several as a list). */
const mediaUrls = z
  .unknown()
  .optional()
  .transform((value) => [value].flat().filter((url): url is string => typeof url === 'string' && url !== ''));

function newPostForm(userId: number) {
  const fields = z.object({ content: textField, groupId: textField, media: mediaUrls }).transform(({ content, groupId, media }) => ({
    userId,
    content,
    media: media.map((url) => ({ url, type: mediaTypeOf(url) })),
    groupId: groupId === '' ? null : groupId,
  }));
  return thenCheck(fields, createPostBody).superRefine((post, ctx) => {
    if (!canSubmitPost(post.content, post.media.length)) refuse(ctx, postTexts.empty, 'content');
  });
}

/**
 * The composer's form: `content`, one `media` field per uploaded URL, and `groupId` when posting in
 * a group (the posts service decides whether the member may). The author is always the signed-in
 * member (`userId` from the session), never a form field; each item's type follows the product's
 * rule (a URL containing /videos/ is a video).
 */
export function parseNewPost(form: FormData, userId: number): FormResult<CreatePostBody> {
  return parseForm(form, newPostForm(userId));
}

const commentForm = z.object({ content: textField }).pipe(commentBody);

export function parseComment(form: FormData): FormResult<{ content: string }> {
  return parseForm(form, commentForm);
}
