/**
 * App-wide toasts on Radix Toast: render <ToastProvider> once (root) and call
 * `useToast().toast({ title, description })` anywhere below it.
 */
import * as RadixToast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { CloseIcon } from '~/components/icons';
import { cn } from '~/utils/misc';

export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; Radix pauses the timer while the toast is hovered or focused. */
  duration?: number;
}

interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

interface ToastApi {
  toast: (input: ToastInput) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const accents: Record<ToastVariant, string> = {
  success: 'border-l-brand-600',
  error: 'border-l-red-600',
  info: 'border-l-slate-500',
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    setItems((current) => [...current, { ...input, id, open: true }]);
  }, []);

  const close = (id: number) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, open: false } : item)));
  // Unmount after Radix has finished closing so the list does not grow forever.
  const remove = (id: number) => setItems((current) => current.filter((item) => item.id !== id));

  const api = useMemo(() => ({ toast }), [toast]);

  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider swipeDirection="right" duration={5000}>
        {children}
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
                <RadixToast.Description className="mt-1 text-sm text-slate-600">
                  {item.description}
                </RadixToast.Description>
              ) : null}
            </div>
            <RadixToast.Close aria-label="Close" className="rounded p-1 text-slate-500 hover:bg-slate-100">
              <CloseIcon className="size-4" />
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
