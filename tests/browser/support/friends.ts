/**
 * The friends service learns about new members from events, a moment after their sign-up: suites
 * that befriend fresh members wait for it first, so a request is not refused as "User not found".
 */
import { BASE_URL } from './browser';
import { apiSignIn, type Member } from './members';

/** Waits until GET /api/friends/relation/{other} answers for `member`. */
export async function waitUntilFriendsKnow(member: Member, other: Member, timeoutMs = 30_000): Promise<void> {
  const { token } = await apiSignIn(member);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${BASE_URL}/api/friends/relation/${other.userId}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.ok) return;
    if (Date.now() > deadline) throw new Error(`the friends service does not know member ${other.userId} yet (${response.status})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
