/** One section of /friends: a card with its heading, then the failure text, the empty text, or the content. */
import type { ReactNode } from 'react';
import { Alert } from '~/components/ui/alert';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';

export function FriendsCard({
  id,
  title,
  error,
  empty,
  children,
}: {
  id: string;
  title: string;
  /** Loading the section failed: shown instead of the content. */
  error?: string | null;
  /** Shown instead of the content when there is nothing to list. */
  empty?: string | null;
  children?: ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={id}>
        <CardHeader>
          <CardTitle id={id}>{title}</CardTitle>
        </CardHeader>
        <CardBody className="space-y-3">
          {error ? <Alert>{error}</Alert> : empty ? <p className="text-sm text-slate-500">{empty}</p> : children}
        </CardBody>
      </section>
    </Card>
  );
}
