/**
 * Who may send a friend request to whom: the one place the privacy setting "friend request
 * policy" will be enforced once the settings service announces it (a local projection of that
 * setting, read here). Today everyone may send a request to any activated member.
 *
 * Answering a request the other member already sent is not a new request, so it never asks this
 * rule (see friends/send-request.ts).
 */
import type { DbOrTx } from '@kora/platform/service';

export interface RequestIntent {
  fromUserId: number;
  toUserId: number;
}

/** Answers whether the request may be sent; `db` is the transaction the request is written in. */
export type RequestPolicy = (intent: RequestIntent, db: DbOrTx) => Promise<boolean>;

export const mayRequest: RequestPolicy = async () => true;
