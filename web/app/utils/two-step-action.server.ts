/**
 * The Security tab's two-step intents (decision 033), for the settings route's action. After an
 * admin whose tokens carry the "two-step missing" mark turns it on, the tokens are renewed at once
 * so the back office opens without waiting for the next refresh.
 */
import { fromEnglish, twoStepTexts, uiTexts } from '@kora/contracts';
import type { TwoStepActionData, TwoStepIntent } from '~/components/settings/two-step';
import { errorStatus, isClientError } from './api.server';
import { authCookies, cookieHeaders, readCookie, REFRESH_TOKEN_COOKIE } from './cookies.server';
import { formText } from './form-submission';
import { refreshOnce, type MemberSession } from './session.server';
import { confirmTwoStep, disableTwoStep, startTwoStepSetup } from './two-step.server';

export async function twoStepAction(
  request: Request,
  form: FormData,
  intent: TwoStepIntent,
  session: MemberSession,
): Promise<{ answer: TwoStepActionData; status: number }> {
  const { token, identity, headers } = session;
  const refused = (error: unknown, fallback = uiTexts.somethingWrong) => ({
    answer: { intent, ok: false as const, error: isClientError(error) ? error.message : fallback },
    status: errorStatus(error),
  });
  try {
    switch (intent) {
      case 'two-step-setup':
        return { answer: { intent, ok: true, setup: await startTwoStepSetup(request, token) }, status: 200 };
      case 'two-step-confirm': {
        const code = formText(form, 'code').replace(/\s+/g, '');
        if (!/^\d{6}$/.test(code)) return { answer: { intent, ok: false, error: twoStepTexts.codePrompt }, status: 400 };
        const { recoveryCodes } = await confirmTwoStep(request, code, token);
        const refreshToken = readCookie(request, REFRESH_TOKEN_COOKIE);
        if (identity.twoStepMissing && refreshToken) {
          const renewed = await refreshOnce(request, refreshToken).catch(() => null);
          if (renewed) cookieHeaders(authCookies(request, renewed.tokens), headers);
        }
        return { answer: { intent, ok: true, recoveryCodes }, status: 200 };
      }
      case 'two-step-disable': {
        const password = formText(form, 'password');
        const code = formText(form, 'code').trim();
        if (!password || !code) return { answer: { intent, ok: false, error: twoStepTexts.turnOffHelp }, status: 400 };
        const { message } = await disableTwoStep(request, { password: password.slice(0, 128), code: code.slice(0, 40) }, token);
        return { answer: { intent, ok: true, message: fromEnglish(message) }, status: 200 };
      }
    }
  } catch (error) {
    return refused(error);
  }
}
