import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';

/** Logout is a POST (never a link) so a prefetch or a crawler cannot sign the member out. */
export function LogoutForm({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Form method="post" action="/logout" className={className}>
      {children}
    </Form>
  );
}
