/**
 * The gentle offer of push notifications (decision 042): a small card, never on a page's load, only
 * right after the member sent a friend request or a message (push-offer-signal.ts) and only when
 * this device could take pushes and has not got them (push-offer.ts). Permission is asked only
 * when the member clicks "Turn on"; "Not now" is remembered on this device.
 */
import { pushTexts } from '@kora/contracts';
import { BellRingIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { pushBrowser } from '~/components/settings/push-browser';
import { currentPushState, turnPushOn } from '~/components/settings/push-device';
import { Button } from '~/components/ui/button';
import { useToast } from '~/components/ui/toast';
import { mayOfferPush, rememberPushOfferDismissed, wasPushOfferDismissed } from './push-offer';
import { usePushOfferSignal } from './push-offer-signal';

/** localStorage, or nothing where the browser refuses it to this page. */
function deviceStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function PushOfferCard() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checking = useRef(false);
  const { toast } = useToast();

  usePushOfferSignal(() => {
    if (open || checking.current) return;
    const browser = pushBrowser();
    if (!browser || wasPushOfferDismissed(deviceStorage())) return;
    checking.current = true;
    currentPushState(browser)
      .then((state) => setOpen(mayOfferPush(state, false)))
      .catch(() => undefined)
      .finally(() => {
        checking.current = false;
      });
  });

  function dismiss() {
    rememberPushOfferDismissed(deviceStorage());
    setOpen(false);
  }

  async function accept() {
    const browser = pushBrowser();
    if (!browser) return setOpen(false);
    setBusy(true);
    setError(null);
    try {
      const state = await turnPushOn(browser);
      if (state === 'on') toast({ title: pushTexts.deviceOn, variant: 'success' });
      // The browser's own question closed unanswered: that was a "not now" too.
      if (state === 'off') rememberPushOfferDismissed(deviceStorage());
      setOpen(false);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : pushTexts.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    // Below the top bar on a phone; at the bottom left from a tablet up, clear of a conversation's
    // header and composer and of the toasts (bottom right).
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-2 top-16 z-30 sm:inset-x-auto sm:bottom-4 sm:left-4 sm:top-auto sm:w-96"
    >
      {open ? (
        <section
          aria-labelledby="push-offer-title"
          className="pointer-events-auto flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <BellRingIcon aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id="push-offer-title" className="text-sm font-semibold text-slate-900">
              {pushTexts.offerTitle}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{pushTexts.offerBody}</p>
            {error ? (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" disabled={busy} onClick={() => void accept()}>
                {busy ? pushTexts.working : pushTexts.offerAccept}
              </Button>
              <Button size="sm" variant="secondary" disabled={busy} onClick={dismiss}>
                {pushTexts.offerDismiss}
              </Button>
            </div>
          </div>
        </section>
      ) : null}
    </div>
  );
}
