/**
 * The modal of dialog.tsx on Radix Dialog (focus trap, Escape, aria-modal, labelled by its title).
 * On phones it fills the width with a small margin and scrolls inside when taller than the screen.
 */
import { uiTexts } from '@kora/contracts';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode, type RefObject } from 'react';
import { XIcon } from 'lucide-react';
import { cn } from '~/utils/misc';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  /**
   * Where focus goes back to on closing, for a dialog opened without a Radix Trigger (which Radix
   * would otherwise focus, leaving focus on the page's body). Without it, focus goes back to the
   * element that had it when the dialog opened, if that is still on the page.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function RadixModal({ open, onOpenChange, title, description, children, className, returnFocusTo }: ModalProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          // Without a description Radix must be told there is none (else it warns).
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            // Radix has not moved focus yet: this is what opened the dialog.
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.current ?? (opener.current?.isConnected ? opener.current : null);
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl focus:outline-none data-[state=open]:animate-fade-in sm:p-6',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={uiTexts.close}
              className="-mr-2 -mt-1 inline-flex size-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
            >
              <XIcon />
            </RadixDialog.Close>
          </div>
          {description ? <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description> : null}
          <div className="mt-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
