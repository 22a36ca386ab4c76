/**
 * What a page's live sockets received and what its POSTs answered, kept so a live wait that times
 * out can say where the event stopped: never asked for, asked for and refused, or asked for and
 * never framed to the other page. A timeout alone says only that something did not show.
 */
import type { Page } from 'playwright-core';

export interface LiveTrail {
  /** A mark to read the trail from. */
  mark(): number;
  /** What happened since `mark`, one line each with its time. */
  since(mark: number): string;
}

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
  return {
    mark: () => lines.length,
    since: (mark) => lines.slice(mark).join('\n') || '(nothing)',
  };
}

/** Runs `wait`; if it throws, adds both pages' trails since they were marked to its message. */
export async function explainedWait(wait: Promise<unknown>, trails: Record<string, LiveTrail>): Promise<void> {
  const marks = Object.fromEntries(Object.entries(trails).map(([name, trail]) => [name, trail.mark()]));
  try {
    await wait;
  } catch (error) {
    const told = Object.entries(trails).map(([name, trail]) => `${name}:\n${trail.since(Math.max(0, marks[name]! - 40))}`);
    (error as Error).message += `\n\nlive trails (the last 40 lines before the wait, and after):\n${told.join('\n')}`;
    throw error;
  }
}
