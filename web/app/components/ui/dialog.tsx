/**
 * A centred modal (radix-modal.tsx): Radix Dialog loads the first time a modal opens, not with the
 * page (decision 046), and stays loaded for every modal after.
 */
import { lazyComponent, OnceOpened } from './lazy';
import type { ModalProps } from './radix-modal';

const RadixModal = lazyComponent(() => import('./radix-modal').then((m) => m.RadixModal));

export type { ModalProps } from './radix-modal';

export function Modal(props: ModalProps) {
  return (
    <OnceOpened open={props.open}>
      <RadixModal {...props} />
    </OnceOpened>
  );
}
