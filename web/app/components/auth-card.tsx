import { accountTexts } from '@kora/contracts';
import { Link, useNavigate } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { Alert } from '~/components/ui/alert';
import { Card } from '~/components/ui/card';
import { useSiteName } from '~/utils/site';
import { StandalonePage } from './standalone-page';

/** The card every signed-out page uses (login, register, recovery, activation). */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const siteName = useSiteName();
  return (
    <StandalonePage siteName={siteName}>
      <Card className="p-6 sm:p-8">
        <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-center text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 space-y-2 border-t border-slate-200 pt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </Card>
    </StandalonePage>
  );
}

/** Link styles for text links inside forms and footers. */
export const textLink = 'rounded font-semibold text-brand-700 hover:underline';

/** Shown under /login and /register when the development mailbox is on. */
export function DevMailLink({ on }: { on: boolean }) {
  if (!on) return null;
  return (
    <p>
      {accountTexts.devMailQuestion}{' '}
      <Link to="/dev/mail" className={textLink}>
        {accountTexts.devMailLink}
      </Link>
    </p>
  );
}

/**
 * A success message followed by a timed trip to /login (docs/product/accounts.md: 3 s after
 * registering, 5 s after activating), with a link for those who do not want to wait.
 */
export function LoginRedirectNotice({ message, afterMs }: { message: string; afterMs: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/login'), afterMs);
    return () => clearTimeout(timer);
  }, [afterMs, navigate]);
  return (
    <div className="space-y-4 text-center">
      <Alert tone="success">{message}</Alert>
      <p className="text-sm text-slate-600">
        {accountTexts.redirecting}{' '}
        <Link to="/login" className={textLink}>
          {accountTexts.goToLoginNow}
        </Link>
      </p>
    </div>
  );
}
