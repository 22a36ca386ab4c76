/**
 * The friends service learns about new members from events, a moment after their sign-up: suites
 * that befriend fresh members wait for it first, so a request is not refused as "User not found".
 */
import { eventually } from '@kora/testing';
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
