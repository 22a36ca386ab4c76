/**
 * /resources/mutes — POST: the member's mute actions by `intent` (mute-member, unmute-member with
 * `userId`; mute-word, unmute-word with `word`), from the post and profile menus and Settings →
 * Privacy → Muted. Answers the toast text and the lists after it; a refusal answers the server's text
 * (a bad word, a full list), anything else the product's failure text.
 */
import { muteWordBody, safetyTexts } from '@kora/contracts';
import { data, type ActionFunctionArgs } from '@remix-run/node';
import { MUTE_INTENTS, type MuteActionData, type MuteIntent } from '~/components/safety/mute-action';
import { errorStatus, isClientError } from '~/utils/api.server';
import { formText } from '~/utils/form-submission';
import { muteMember, muteWord, unmuteMember, unmuteWord } from '~/utils/mutes.server';
import { requireSession } from '~/utils/session.server';

const messages: Record<MuteIntent, string> = {
  'mute-member': safetyTexts.muted,
  'unmute-member': safetyTexts.unmuted,
  'mute-word': safetyTexts.wordAdded,
  'unmute-word': safetyTexts.wordRemoved,
};

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const reply = (answer: MuteActionData, status = 200) => data<MuteActionData>(answer, { status, headers });
  const form = await request.formData();
  const intent = MUTE_INTENTS.find((known) => known === form.get('intent'));
  if (!intent) return reply({ intent: null, ok: false, error: safetyTexts.muteFailed }, 400);
  const userId = Number(formText(form, 'userId'));
  const word = formText(form, 'word') ?? '';
  try {
    let mutes;
    if (intent === 'mute-word' || intent === 'unmute-word') {
      const parsed = muteWordBody.safeParse({ word });
      if (!parsed.success) return reply({ intent, ok: false, error: safetyTexts.wordInvalid }, 400);
      mutes = await (intent === 'mute-word' ? muteWord : unmuteWord)(request, parsed.data.word, token);
    } else {
      if (!Number.isSafeInteger(userId) || userId <= 0) return reply({ intent, ok: false, error: safetyTexts.userNotFound }, 400);
      mutes = await (intent === 'mute-member' ? muteMember : unmuteMember)(request, userId, token);
    }
    return reply({ intent, ok: true, message: messages[intent], memberIds: mutes.members.map((m) => m.id), words: mutes.words });
  } catch (error) {
    return reply({ intent, ok: false, error: isClientError(error) ? error.message : safetyTexts.muteFailed }, errorStatus(error));
  }
}
