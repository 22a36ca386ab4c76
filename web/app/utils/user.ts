/** The signed-in member as the layout shows them; loaded by session.server.ts (requireUser). */
export interface CurrentUser {
  id: number;
  role: 'user' | 'admin';
  username: string;
  firstname: string;
  lastname: string;
  /** The uploaded picture, or null (no picture, or the default one): show initials instead. */
  profileImage: string | null;
  /** The member's profile page, with the encoded id (docs/product/accounts.md), made on the server. */
  profilePath: string;
}

/** "Ada Obi"; the username when both names are blank (one rule with the notifications service). */
export { displayName } from '@kora/contracts';
