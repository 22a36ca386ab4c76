/**
 * Settings → Notifications: "Push notifications on this device" (decision 042). Shows whether this
 * browser is subscribed, turns pushes on (asking permission only on that click) or off, and says
 * so plainly when the browser cannot take pushes at all.
 */
import { pushTexts } from '@kora/contracts';
import { useEffect, useMemo, useState } from 'react';
import { pushBrowser } from './push-browser';
import { currentPushState, turnPushOff, turnPushOn, type PushDeviceState } from './push-device';

/** What the control says of the device's state, in the page's language. */
function statusText(state: PushDeviceState): string {
  switch (state) {
    case 'on':
      return pushTexts.deviceOn;
    case 'off':
      return pushTexts.deviceOff;
    case 'denied':
      return pushTexts.denied;
    case 'unsupported':
      return pushTexts.unsupported;
    case 'checking':
      return '';
  }
}

export function PushDeviceCard() {
  const [state, setState] = useState<PushDeviceState>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const browser = useMemo(() => pushBrowser(), []);

  useEffect(() => {
    if (!browser) return setState('unsupported');
    let live = true;
    currentPushState(browser).then(
      (next) => live && setState(next),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, [browser]);

  async function change(to: typeof turnPushOn) {
    if (!browser) return;
    setBusy(true);
    setError(null);
    try {
      setState(await to(browser));
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : pushTexts.failed);
    } finally {
      setBusy(false);
    }
  }

  const canChange = state === 'on' || state === 'off';
  return (
    <section className="mt-6 rounded-lg border border-slate-200 p-4" aria-labelledby="push-device-title">
      <h3 id="push-device-title" className="text-sm font-semibold text-slate-900">
        {pushTexts.deviceTitle}
      </h3>
      <p className="mt-1 text-sm text-slate-500">{pushTexts.deviceHint}</p>
      <p className="mt-2 text-sm text-slate-700" role="status">
        {statusText(state)}
      </p>
      {canChange && (
        <button
          type="button"
          className="mt-3 rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60"
          disabled={busy}
          onClick={() => void change(state === 'on' ? turnPushOff : turnPushOn)}
        >
          {busy ? pushTexts.working : state === 'on' ? pushTexts.turnOff : pushTexts.turnOn}
        </button>
      )}
      {error && (
        <p className="mt-2 text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
