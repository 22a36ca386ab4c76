/** What the block resource route (/resources/blocks) answers. */
import type { BlockedMember } from '@kora/contracts';

export interface BlockedPage {
  members: BlockedMember[];
  nextCursor: string | null;
}

export type BlockIntent = 'block' | 'unblock';

export type BlockActionData =
  { ok: true; intent: BlockIntent; userId: number; message: string } | { ok: false; intent: BlockIntent | null; error: string };
