/**
 * Post forms on the contract's schemas (posts API): a new post, a comment, the intent of a post
 * action, a post id from the URL. The rules the composer and comment box show (button enabled or
 * not) are the ones the actions enforce, so they live here once.
 */
import { commentBody, createPostBody, mediaTypeOf, postTexts, type CreatePostBody } from '@kora/contracts';
import { fail, formText, parseWith, type FormResult } from '~/utils/forms';

/** Things a member does to one post (the `intent` field of the post action). */
export const POST_INTENTS = ['like', 'comment', 'share', 'save', 'unsave', 'delete'] as const;
export type PostIntent = (typeof POST_INTENTS)[number];

export function parsePostIntent(value: FormDataEntryValue | null): PostIntent | null {
  return POST_INTENTS.find((intent) => intent === value) ?? null;
}

/** Spec §5: a post needs non-blank text or at least one photo or video. */
export function canSubmitPost(text: string, mediaCount: number): boolean {
  return text.trim().length > 0 || mediaCount > 0;
}

/** Spec §5: a blank or whitespace-only comment cannot be sent (the share text follows the same rule). */
export function hasText(text: string): boolean {
  return text.trim().length > 0;
}

/**
 * The composer's form: `content` and one `media` field per uploaded URL. The author is always the
 * signed-in member (`userId` from the session), never a form field; each item's type follows the
 * spec's rule (a URL containing /videos/ is a video).
 */
export function parseNewPost(form: FormData, userId: number): FormResult<CreatePostBody> {
  const { content } = formText(form, ['content']);
  const urls = form.getAll('media').filter((value): value is string => typeof value === 'string' && value !== '');
  const parsed = parseWith(createPostBody, {
    userId,
    content,
    media: urls.map((url) => ({ url, type: mediaTypeOf(url) })),
  });
  if (!parsed.ok) return parsed;
  if (!canSubmitPost(parsed.data.content, parsed.data.media.length)) return fail(postTexts.empty, 'content');
  return parsed;
}

export function parseComment(form: FormData): FormResult<{ content: string }> {
  return parseWith(commentBody, formText(form, ['content']));
}

/** A post id from a URL segment: a positive integer, else null (the page answers "Post not found"). */
export function parsePostId(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
