/**
 * The post modal's place in the URL: `?post={id}` on whatever page is open (the layout renders the
 * modal). Being in the URL, Back closes it and the link can be shared; pages keep their data when
 * only this parameter changes (utils/revalidation.ts).
 */
import { parsePostId } from '~/schemas/post-rules';

export const POST_MODAL_PARAM = 'post';

/** The post to show in the modal, or null. */
export function postModalId(search: string): number | null {
  const value = new URLSearchParams(search).get(POST_MODAL_PARAM);
  return value === null ? null : parsePostId(value);
}

function withParams(search: string, change: (params: URLSearchParams) => void): string {
  const params = new URLSearchParams(search);
  change(params);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function withPostModal(search: string, postId: number): string {
  return withParams(search, (params) => params.set(POST_MODAL_PARAM, String(postId)));
}

export function withoutPostModal(search: string): string {
  return withParams(search, (params) => params.delete(POST_MODAL_PARAM));
}

/** True when two URLs differ in the post modal only (same page, same other parameters). */
export function onlyPostModalChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  if (current.searchParams.get(POST_MODAL_PARAM) === next.searchParams.get(POST_MODAL_PARAM)) return false;
  return withoutPostModal(current.search) === withoutPostModal(next.search);
}
