/**
 * Two-step sign-in in Settings → Security (auth service, decision 033), through the gateway:
 * status, set-up, confirmation and turning it off. Answers are checked against the contract.
 */
import { messageAnswer, twoStepRecoveryCodesAnswer, twoStepSetupAnswer, twoStepStatusSchema } from '@kora/contracts';
import { apiFetch } from './api.server';

type Token = string | null;

export function fetchTwoStepStatus(request: Request, token: Token) {
  return apiFetch(request, '/api/settings/security/two-step', { token, schema: twoStepStatusSchema });
}

export function startTwoStepSetup(request: Request, token: Token) {
  return apiFetch(request, '/api/settings/security/two-step/setup', { method: 'POST', token, schema: twoStepSetupAnswer });
}

export function confirmTwoStep(request: Request, code: string, token: Token) {
  return apiFetch(request, '/api/settings/security/two-step/confirm', {
    json: { code },
    token,
    schema: twoStepRecoveryCodesAnswer,
  });
}

export function disableTwoStep(request: Request, body: { password: string; code: string }, token: Token) {
  return apiFetch(request, '/api/settings/security/two-step/disable', { json: body, token, schema: messageAnswer });
}
