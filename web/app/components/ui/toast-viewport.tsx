/**
 * The toasts themselves, on Radix Toast: loaded with the first toast a member is shown, not with
 * every page (its code is a few kilobytes of the first load no page needs to show itself).
 * Radix announces each toast to screen readers as it mounts.
 */
import { uiTexts } from '@kora/contracts';
import * as RadixToast from '@radix-ui/react-toast';
import { XIcon } from 'lucide-react';
import { cn } from '~/utils/misc';
import type { ToastItem, ToastVariant } from './toast-types';

const accents: Record<ToastVariant, string> = {
  success: 'border-l-brand-600',
  error: 'border-l-red-600',
  info: 'border-l-slate-500',
};

export function ToastViewport({ items, close, remove }: { items: ToastItem[]; close: (id: number) => void; remove: (id: number) => void }) {
  return (
    <RadixToast.Provider swipeDirection="right" duration={5000}>
      {items.map((item) => (
        <RadixToast.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          type={item.variant === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => (open ? undefined : close(item.id))}
          onAnimationEnd={() => (item.open ? undefined : remove(item.id))}
          className={cn(
            'flex w-full items-start gap-3 rounded-lg border border-l-4 border-slate-200 bg-white p-4 shadow-lg data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            accents[item.variant ?? 'info'],
          )}
        >
          <div className="min-w-0 flex-1">
            <RadixToast.Title className="text-sm font-semibold text-slate-900">{item.title}</RadixToast.Title>
            {item.description ? (
              <RadixToast.Description className="mt-1 text-sm text-slate-600">{item.description}</RadixToast.Description>
            ) : null}
          </div>
          <RadixToast.Close aria-label={uiTexts.close} className="rounded p-1 text-slate-500 hover:bg-slate-100">
            <XIcon className="size-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </RadixToast.Provider>
  );
}
