/**
 * Whether a member wants a notification of this type: the ONE place the writer asks. Members'
 * notification settings arrive with the settings service (issue to come); until then everyone
 * wants everything. When they do, answer from a local projection of those settings read in `tx`,
 * so the decision and the stored notification belong to the same transaction.
 */
import type { NotificationType } from '@kora/contracts';
import type { Tx } from '@kora/platform/service';
import type { Notifications } from '../context.js';

export async function wantsNotification(_n: Notifications, _tx: Tx, _recipientId: number, _type: NotificationType): Promise<boolean> {
  return true;
}
