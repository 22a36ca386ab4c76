/**
 * /resources/posts/{id} — GET: the whole post (all its comments, current video states) for a card
 * that expands its comments or waits for a video; POST: the member's actions on the post, by
 * `intent`: like (toggle), comment, share, save, unsave, delete, boost (a Pro member's own post). Answers carry what changed so the
 * card updates itself (the pages showing posts skip revalidation for these, utils/revalidation.ts).
 * Failures answer the server's message (or the product's text) with the API's status.
 */
import { postTexts } from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { PostActionData, PostIntent, PostLoadData } from '~/components/posts/types';
import { parseComment, parsePostId, parsePostIntent } from '~/schemas/post';
import { errorMessage, errorStatus } from '~/utils/api.server';
import { addComment, boostPost, deletePost, fetchPost, savePost, sharePost, toggleLike, unsavePost } from '~/utils/posts.server';
import { requireSession } from '~/utils/session.server';

/** The product's own texts for failed saves (error catalogue); other failures show the server's message. */
function failureText(intent: PostIntent): string | undefined {
  return intent === 'save' ? postTexts.saveFailed : intent === 'unsave' ? postTexts.unsaveFailed : undefined;
}

/**
 * Each caller applies the loaded post itself and the card applies its own actions' answers, so an
 * action elsewhere (a like) need not reload every card's post again.
 */
export const shouldRevalidate = () => false;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const id = parsePostId(params.id);
  if (id === null) return data<PostLoadData>({ ok: false, error: postTexts.notFound, gone: true }, { status: 404, headers });
  try {
    return data<PostLoadData>({ ok: true, post: await fetchPost(request, id, token) }, { headers });
  } catch (error) {
    const status = errorStatus(error);
    return data<PostLoadData>(
      { ok: false, error: errorMessage(error, postTexts.requestFailed), gone: status === 404 || status === 403 },
      { status, headers },
    );
  }
}

type Session = Awaited<ReturnType<typeof requireSession>>;

async function perform(request: Request, intent: PostIntent, id: number, form: FormData, { token }: Session): Promise<PostActionData> {
  switch (intent) {
    case 'like': {
      const { liked, likeCount } = await toggleLike(request, id, token);
      return { intent, ok: true, liked, likeCount };
    }
    case 'comment': {
      const parsed = parseComment(form);
      if (!parsed.ok) return { intent, ok: false, error: parsed.error };
      return { intent, ok: true, comment: await addComment(request, id, parsed.data.content, token) };
    }
    case 'share': {
      const { shared, shareCount } = await sharePost(request, id, token);
      return { intent, ok: true, shared, shareCount };
    }
    case 'save':
      await savePost(request, id, token);
      return { intent, ok: true };
    case 'unsave':
      await unsavePost(request, id, token);
      return { intent, ok: true };
    case 'delete':
      await deletePost(request, id, token);
      return { intent, ok: true };
    case 'boost': {
      const { boostedUntil, boostsLeft } = await boostPost(request, id, token);
      return { intent, ok: true, boostedUntil, boostsLeft };
    }
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireSession(request, { resource: true });
  const reply = (answer: PostActionData, status = 200) => data<PostActionData>(answer, { status, headers: session.headers });
  const form = await request.formData();
  const intent = parsePostIntent(form.get('intent'));
  const id = parsePostId(params.id);
  if (!intent) return reply({ intent: null, ok: false, error: postTexts.requestFailed }, 400);
  if (id === null) return reply({ intent, ok: false, error: postTexts.notFound }, 404);
  try {
    const answer = await perform(request, intent, id, form, session);
    return reply(answer, answer.ok ? 200 : 400);
  } catch (error) {
    const text = failureText(intent) ?? errorMessage(error, postTexts.requestFailed);
    return reply({ intent, ok: false, error: text }, errorStatus(error));
  }
}
