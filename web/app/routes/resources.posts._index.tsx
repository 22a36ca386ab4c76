/**
 * /resources/posts — GET: one more page of a list of posts (`?list=feed|author|saved&authorId&cursor`,
 * see schemas/post-list.ts) for "load more"; POST: create a post from the composer (`content` and
 * the uploaded `media` URLs; the author is always the signed-in member).
 */
import { postTexts } from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { CreatePostData, PageLoadData } from '~/components/posts/types';
import { parseNewPost } from '~/schemas/post';
import { parsePostListSearch } from '~/schemas/post-list.server';
import { errorMessage, errorStatus } from '~/utils/api.server';
import { createPost, fetchPostList } from '~/utils/posts.server';
import { requireSession } from '~/utils/session.server';

/**
 * Callers apply each answer themselves (the next page joins the list once), so an action elsewhere
 * need not send the load again.
 */
export const shouldRevalidate = () => false;

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const list = parsePostListSearch(new URL(request.url).searchParams);
  if (!list) return data<PageLoadData>({ ok: false, error: postTexts.cursorInvalid }, { status: 400, headers });
  try {
    const page = await fetchPostList(request, list, token);
    return data<PageLoadData>({ ok: true, page }, { headers });
  } catch (error) {
    return data<PageLoadData>({ ok: false, error: errorMessage(error, postTexts.requestFailed) }, { status: errorStatus(error), headers });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { identity, token, headers } = await requireSession(request, { resource: true });
  const parsed = parseNewPost(await request.formData(), identity.userId);
  if (!parsed.ok) return data<CreatePostData>({ ok: false, error: parsed.error }, { status: 400, headers });
  try {
    const post = await createPost(request, parsed.data, token);
    return data<CreatePostData>({ ok: true, post }, { status: 201, headers });
  } catch (error) {
    return data<CreatePostData>(
      { ok: false, error: errorMessage(error, postTexts.requestFailed) },
      { status: errorStatus(error), headers },
    );
  }
}
