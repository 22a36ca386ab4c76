/**
 * The friends service learns about new members from events, a moment after their sign-up: suites
 * that befriend fresh members wait for it first, so a request is not refused as "User not found".
 */
import { eventually } from '@kora/testing/adapters';
import { BASE_URL } from './browser';
import { apiSignIn, type Member } from './members';

/** Waits until GET /api/friends/relation/{other} answers for `member`. */
export async function waitUntilFriendsKnow(member: Member, other: Member, timeoutMs = 30_000): Promise<void> {
  const { token } = await apiSignIn(member);
  let status = 0;
  try {
    await eventually(
      async () => {
        const response = await fetch(`${BASE_URL}/api/friends/relation/${other.userId}`, { headers: { authorization: `Bearer ${token}` } });
        status = response.status;
        return response.ok;
      },
      timeoutMs,
      500,
    );
  } catch (error) {
    throw new Error(`the friends service does not know member ${other.userId} yet (${status})`, { cause: error });
  }
}

/** Calls the API as `member` (a fresh sign-in's bearer token); fails on any non-2xx answer. */
export async function callAs(member: Member, method: string, path: string, body?: unknown): Promise<Response> {
  const { token } = await apiSignIn(member);
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** `from` and `to` become friends through the API (`from` asks, once the friends service knows `to`; `to` accepts). */
export async function befriendThroughApi(from: Member, to: Member): Promise<void> {
  await waitUntilFriendsKnow(from, to);
  await callAs(from, 'POST', '/api/friends/requests', { toUserId: to.userId });
  const requests = (await (await callAs(to, 'GET', '/api/friends/requests')).json()) as { id: number; fromUserId: number }[];
  const request = requests.find((r) => r.fromUserId === from.userId)!;
  await callAs(to, 'PUT', `/api/friends/requests/${request.id}`, { action: 'accepted' });
}
