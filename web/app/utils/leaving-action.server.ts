/**
 * The Settings action's share for leaving and moving (decision 034). Deleting the account signs
 * this browser out and goes to /account-deleted (every session ended on the server); a wallet
 * with money in it comes back with the server's warning and a box to tick. Asking for a new
 * e-mail answers the server's "we sent a link" notice.
 */
import { AuthErrorCode, authTexts, changeEmailBody, leavingTexts, fromEnglish } from '@kora/contracts';
import { data, redirect } from '@remix-run/node';
import type { LeavingActionData, LeavingIntent } from '~/components/settings/leaving';
import { errorStatus, isApiError, isClientError } from './api.server';
import { formText } from './form-submission';
import { deleteAccount, requestEmailChange } from './leaving.server';
import { signOut } from './session.server';

export async function leavingAction(request: Request, intent: LeavingIntent, form: FormData, token: string | null, headers: Headers) {
  const reply = (answer: LeavingActionData, status = 200) => data<LeavingActionData>(answer, { status, headers });
  const password = formText(form, 'password');

  if (intent === 'delete-account') {
    if (!password) return reply({ intent, ok: false, error: authTexts.passwordRequired }, 400);
    const confirmBalance = form.get('confirmBalance') === 'on';
    const code = formText(form, 'code').slice(0, 20);
    try {
      const answer = await deleteAccount(request, { password, confirmBalance, ...(code ? { code } : {}) }, token);
      throw redirect(`/account-deleted?at=${encodeURIComponent(answer.deleteAt)}`, { headers: await signOut(request, null) });
    } catch (error) {
      if (error instanceof Response) throw error;
      const balance = isApiError(error) && error.code === AuthErrorCode.BalanceNotEmpty;
      return reply(
        {
          intent,
          ok: false,
          error: isClientError(error) ? error.message : leavingTexts.deleteFailed,
          ...(balance ? { confirmBalance: true } : {}),
        },
        errorStatus(error),
      );
    }
  }

  const parsed = changeEmailBody.safeParse({ email: formText(form, 'email'), password });
  if (!parsed.success) return reply({ intent, ok: false, error: parsed.error.issues[0]?.message ?? leavingTexts.changeEmailFailed }, 400);
  try {
    const answer = await requestEmailChange(request, parsed.data, token);
    return reply({ intent, ok: true, notice: fromEnglish(answer.message) });
  } catch (error) {
    return reply({ intent, ok: false, error: isClientError(error) ? error.message : leavingTexts.changeEmailFailed }, errorStatus(error));
  }
}
