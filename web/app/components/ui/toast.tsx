/**
 * App-wide toasts: render <ToastProvider> once (root) and call `useToast().toast({ title, description })`
 * anywhere below it. The Radix part (toast-viewport.tsx) loads with the first toast.
 */
import { createContext, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyComponent } from './lazy';

export type { ToastInput, ToastItem, ToastVariant } from './toast-types';
import type { ToastInput, ToastItem } from './toast-types';

interface ToastApi {
  toast: (input: ToastInput) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const ToastViewport = lazyComponent(() => import('./toast-viewport').then((m) => m.ToastViewport));

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    setItems((current) => [...current, { ...input, id, open: true }]);
  }, []);

  const close = (id: number) => setItems((current) => current.map((item) => (item.id === id ? { ...item, open: false } : item)));
  // Unmount after Radix has finished closing so the list does not grow forever.
  const remove = (id: number) => setItems((current) => current.filter((item) => item.id !== id));

  const api = useMemo(() => ({ toast }), [toast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {items.length > 0 ? (
        <Suspense fallback={null}>
          <ToastViewport items={items} close={close} remove={remove} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
