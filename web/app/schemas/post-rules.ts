/**
 * The post rules the browser applies as a member types (button enabled or not), the intents of a
 * post action and a post id from the URL: plain functions, so the pages that show them do not
 * carry the schema library. The actions enforce the same rules (post.ts).
 */

/** Things a member does to one post (the `intent` field of the post action). */
export const POST_INTENTS = ['like', 'comment', 'share', 'save', 'unsave', 'delete', 'boost'] as const;
export type PostIntent = (typeof POST_INTENTS)[number];

export function parsePostIntent(value: FormDataEntryValue | null): PostIntent | null {
  return POST_INTENTS.find((intent) => intent === value) ?? null;
}

/** A post needs non-blank text or at least one photo or video. */
export function canSubmitPost(text: string, mediaCount: number): boolean {
  return text.trim().length > 0 || mediaCount > 0;
}

/** A blank or whitespace-only comment cannot be sent (the share text follows the same rule). */
export function hasText(text: string): boolean {
  return text.trim().length > 0;
}

/** A post id from a URL segment: a positive integer, else null (the page answers "Post not found"). */
export function parsePostId(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
