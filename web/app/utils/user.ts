/** The signed-in member as the layout shows them; loaded by session.server.ts (requireUser). */
export interface CurrentUser {
  id: number;
  role: 'user' | 'admin';
  username: string;
  firstname: string;
  lastname: string;
  /** The uploaded picture, or null (no picture, or the default one): show initials instead. */
  profileImage: string | null;
}

/** "Ada Obi"; falls back to the username when both names are blank. */
export function displayName(user: { firstname: string; lastname: string; username: string }): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.username;
}
