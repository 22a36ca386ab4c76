/** The texts of the confirmation before unfriending (the /friends grid and the profile's button). */
export function unfriendConfirmation(name: string) {
  return {
    title: `Unfriend ${name}?`,
    description: 'You will no longer be friends. You can send a new friend request later.',
    confirmLabel: 'Unfriend',
    busyLabel: 'Removing…',
  };
}
