import { uiTexts } from '@kora/contracts';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { Spinner } from './spinner';

/** A submit button that shows a spinner and `busyLabel` while its form is being sent. */
export function SubmitButton({ busy, busyLabel, children, disabled, ...props }: ButtonProps & { busy: boolean; busyLabel?: ReactNode }) {
  return (
    <Button type="submit" disabled={busy || disabled} aria-busy={busy || undefined} {...props}>
      {busy ? <Spinner label={uiTexts.sending} className="[&_svg]:size-5 [&_svg]:text-current" /> : null}
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}
