/**
 * The right panel's lists, asked for once the page is in the browser (GET /resources/panel), so no
 * part of the panel holds the page up, and only where the panel shows (wide screens: a phone
 * never asks). The browser may answer from its cache for a minute (the route's Cache-Control),
 * which spares the services when the member moves between pages.
 */
import { useEffect, useState } from 'react';
import { resourceJson } from '~/utils/resource-json';
import { PANEL_URL, type PanelData } from './types';

export type PanelState = { state: 'loading' } | { state: 'ready'; data: PanelData } | { state: 'failed' };

export function usePanelData(shownFrom: string): PanelState {
  const [panel, setPanel] = useState<PanelState>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    let asked = false;
    const wide = window.matchMedia(shownFrom);
    function load() {
      if (asked || !wide.matches) return;
      asked = true;
      void resourceJson<PanelData>(PANEL_URL, { cache: 'default' }).then((answer) => {
        if (current) setPanel(answer.ok ? { state: 'ready', data: answer.data } : { state: 'failed' });
      });
    }
    load();
    // A window made wider later shows the panel: load it then.
    wide.addEventListener('change', load);
    return () => {
      current = false;
      wide.removeEventListener('change', load);
    };
  }, [shownFrom]);
  return panel;
}
