/** A button that performs one friend action (a small form, so Enter and screen readers treat it as one). */
import type { ReactNode } from 'react';
import type { ButtonSize, ButtonVariant } from '~/components/ui/button';
import { SubmitButton } from '~/components/ui/submit-button';
import type { FriendActions } from './use-friend-action';
import type { FriendActionFields } from './types';

export function FriendActionButton({
  actions,
  fields,
  children,
  variant,
  size = 'sm',
  className,
}: {
  actions: FriendActions;
  fields: FriendActionFields;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        actions.submit(fields);
      }}
    >
      <SubmitButton
        variant={variant}
        size={size}
        busy={actions.isPending(fields)}
        disabled={actions.busy}
        className="w-full whitespace-nowrap !px-2"
      >
        {children}
      </SubmitButton>
    </form>
  );
}
