/** A moment as a member reads it on their own clock: the date and hour in their time zone. */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** `{ date: 'YYYY-MM-DD', hour: 0-23 }` in `timeZone`; a zone the runtime does not know reads as UTC. */
export function localTime(at: Date, timeZone: string): { date: string; hour: number } {
  let format: Intl.DateTimeFormat;
  try {
    format = formatFor(timeZone);
  } catch {
    format = formatFor('UTC');
  }
  const part = (type: string) => format.formatToParts(at).find((p) => p.type === type)!.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}
