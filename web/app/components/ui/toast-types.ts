/** What a toast is, shared by the provider (toast.tsx) and the lazily loaded Radix part (toast-viewport.tsx). */
export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; Radix pauses the timer while the toast is hovered or focused. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}
