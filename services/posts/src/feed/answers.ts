/**
 * The list answers around posts that are JSON text already (post-json.ts), written the way the
 * routes' schema serialisers would write them: keys in the schema's order, no spaces. Held to
 * those serialisers by post-json.test.ts.
 */
/** `postListSchema`: `[...]`, the posts of a page or of memories (paging travels in headers). */
export function postListAnswer(posts: string[]): string {
  return `[${posts.join(',')}]`;
}
