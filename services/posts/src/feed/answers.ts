/**
 * The list answers around posts that are JSON text already (post-json.ts), written the way the
 * routes' schema serialisers would write them: keys in the schema's order, no spaces. Held to
 * those serialisers by post-json.test.ts.
 */
import type { JsonPage } from './pages.js';

/** `postPageSchema`: `{"posts":[...],"nextCursor":...}`. */
export function pageAnswer(page: JsonPage): string {
  return `{"posts":[${page.posts.join(',')}],"nextCursor":${JSON.stringify(page.nextCursor)}}`;
}

/** `memoriesAnswer`: `{"posts":[...],"date":"YYYY-MM-DD"}`. */
export function memoriesAnswerText(posts: string[], date: string): string {
  return `{"posts":[${posts.join(',')}],"date":${JSON.stringify(date)}}`;
}
