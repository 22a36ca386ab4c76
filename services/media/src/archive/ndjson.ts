/** NDJSON read from a stream a chunk at a time: one parsed line per value, the stream's pace kept. */
import type { Readable } from 'node:stream';

export async function* ndjsonLines(body: Readable): AsyncGenerator<{ text: string; value: unknown }> {
  let rest = '';
  body.setEncoding('utf8');
  for await (const chunk of body as AsyncIterable<string>) {
    rest += chunk;
    let end: number;
    while ((end = rest.indexOf('\n')) >= 0) {
      const text = rest.slice(0, end);
      rest = rest.slice(end + 1);
      if (text.trim() !== '') yield { text, value: JSON.parse(text) as unknown };
    }
  }
  if (rest.trim() !== '') yield { text: rest, value: JSON.parse(rest) as unknown };
}
