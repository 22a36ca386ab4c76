/**
 * Leaving and moving (decision 034), through the gateway: deleting your account, asking for a new
 * e-mail address, and the two links of an e-mail change.
 */
import {
  changeEmailBody,
  deleteAccountAnswer,
  emailChangedAnswer,
  messageAnswer,
  type ChangeEmailBody,
  type DeleteAccountBody,
} from '@kora/contracts';
import { apiFetch } from './api.server';

type Token = string | null;

export function deleteAccount(request: Request, body: DeleteAccountBody, token: Token) {
  return apiFetch(request, '/api/settings/security/delete-account', { method: 'POST', json: body, token, schema: deleteAccountAnswer });
}

export function requestEmailChange(request: Request, body: ChangeEmailBody, token: Token) {
  return apiFetch(request, '/api/settings/security/email', {
    method: 'POST',
    json: changeEmailBody.parse(body),
    token,
    schema: messageAnswer,
  });
}

export function confirmEmailChange(request: Request, linkToken: string) {
  return apiFetch(request, '/api/settings/security/email-change/confirm', {
    method: 'POST',
    json: { token: linkToken },
    token: null,
    schema: emailChangedAnswer,
  });
}

export function cancelEmailChange(request: Request, linkToken: string) {
  return apiFetch(request, '/api/settings/security/email-change/cancel', {
    method: 'POST',
    json: { token: linkToken },
    token: null,
    schema: messageAnswer,
  });
}
