/**
 * What a page's live sockets received and what its POSTs answered, kept so a live wait that times
 * out can say where the event stopped: never asked for, asked for and refused, or asked for and
 * never framed to the other page. A timeout alone says only that something did not show.
 */
import type { Page } from 'playwright-core';

export interface LiveTrail {
  /** The last `count` things that happened, one line each with its time. */
  last(count: number): string;
}

/** Lines told of each page when a wait fails: the wait's own 20 s and what led up to it. */
const TOLD = 60;

export function recordLiveTrail(page: Page): LiveTrail {
  const lines: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  page.on('websocket', (ws) => {
    lines.push(`${at()} socket opened ${new URL(ws.url()).pathname}`);
    ws.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString();
      lines.push(`${at()} frame ${/"type":"([^"]+)"/.exec(text)?.[1] ?? text.slice(0, 40)}`);
    });
    ws.on('close', () => lines.push(`${at()} socket closed`));
  });
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST') return;
    lines.push(`${at()} POST ${new URL(response.url()).pathname} ${request.postData()?.slice(0, 40) ?? ''} → ${response.status()}`);
  });
  return { last: (count) => lines.slice(-count).join('\n') || '(nothing)' };
}

/** Runs `wait`; if it throws, adds the pages' latest trails to its message. */
export async function explainedWait(wait: Promise<unknown>, trails: Record<string, LiveTrail>): Promise<void> {
  try {
    await wait;
  } catch (error) {
    const told = Object.entries(trails).map(([name, trail]) => `${name}:\n${trail.last(TOLD)}`);
    (error as Error).message += `\n\nlive trails (each page's last ${TOLD} lines):\n${told.join('\n')}`;
    throw error;
  }
}
