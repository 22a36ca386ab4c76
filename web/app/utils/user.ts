/** The signed-in member as the layout shows them; loaded by user.server.ts. */
export interface CurrentUser {
  id: number;
  username: string;
  firstname: string;
  profileImage: string;
}

export const DEFAULT_AVATAR = '/uploads/profile/defaultavatar.png';
