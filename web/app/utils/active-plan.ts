/**
 * Whether the signed-in member has an active Pro package, asked of /resources/membership when a
 * post menu of theirs is about to open (the only place that needs it: "Boost post"), and kept for a
 * short while so every card's menu does not ask again (a purchase is a full page away: /packages
 * is not imported here, so this stays in the feed's own chunk).
 */
import type { MembershipData } from '~/components/packages/types';
import { useEffect, useState } from 'react';
import { resourceJson } from './resource-json';

const KEEP_MS = 15_000;
let asked: { at: number; active: Promise<boolean> } | null = null;

function activePlan(): Promise<boolean> {
  if (!asked || Date.now() - asked.at > KEEP_MS) {
    const active = resourceJson<MembershipData>('/resources/membership').then(
      (answer) => answer.ok && answer.data.membership !== null && Date.parse(answer.data.membership.activeUntil) > Date.now(),
    );
    asked = { at: Date.now(), active };
  }
  return asked.active;
}

/** True once the member is known to have an active plan; asks only while `ask` is true. */
export function useActivePlan(ask: boolean): boolean {
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (!ask) return;
    let current = true;
    void activePlan().then((value) => {
      if (current) setActive(value);
    });
    return () => {
      current = false;
    };
  }, [ask]);
  return active;
}
