import { shellTexts } from '@kora/contracts';
import { useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { MenuIcon } from 'lucide-react';
import { lazyComponent, OnceOpened } from '~/components/ui/lazy';
import type { CurrentUser } from '~/utils/user';

/** The drawer and Radix Dialog load on the first press of the menu button (decision 046). */
const MobileDrawerPanel = lazyComponent(() => import('./mobile-drawer-panel').then((m) => m.MobileDrawerPanel));

/** The small-screen menu: its button, and the drawer it opens (mobile-drawer-panel.tsx). */
export function MobileDrawer({ user, siteName }: { user: CurrentUser; siteName: string }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);

  // Close after any navigation so the new page is not hidden behind the drawer.
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  return (
    <>
      <button
        ref={menuButton}
        type="button"
        aria-label={shellTexts.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onClick={() => setOpen(true)}
        className="inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 lg:hidden"
      >
        <MenuIcon className="size-6" />
      </button>
      <OnceOpened open={open}>
        <MobileDrawerPanel user={user} siteName={siteName} open={open} onOpenChange={setOpen} menuButton={menuButton} />
      </OnceOpened>
    </>
  );
}
