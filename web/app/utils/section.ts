/**
 * One part of a page that loads on its own (the /friends sections): its items, or the text saying
 * why it could not be loaded, so one failing call does not take the whole page down.
 */
export type Section<T> = { ok: true; items: T[] } | { ok: false; error: string };

export async function loadSection<T>(loading: Promise<T[]>, failure: string): Promise<Section<T>> {
  try {
    return { ok: true, items: await loading };
  } catch {
    return { ok: false, error: failure };
  }
}
