/** The texts of the confirmation before unfriending (the /friends grid and the profile's button). */
import { friendScreenTexts as texts } from '@kora/contracts';

export function unfriendConfirmation(name: string) {
  return {
    title: texts.unfriendTitle(name),
    description: texts.unfriendDescription,
    confirmLabel: texts.unfriend,
    busyLabel: texts.removing,
  };
}
