/**
 * One service's share of the archive: its NDJSON answer (`{ section, row }` lines, section after
 * section) becomes `<service>/<section>.json` entries, each a JSON array with one row a line,
 * written while the answer is read. The stored files the rows name are collected for later.
 */
import type { Readable } from 'node:stream';
import { EXPORT_SECTION_NAME } from '@kora/platform/service';
import { z } from 'zod';
import { collectFileKeys } from './file-keys.js';
import { ndjsonLines } from './ndjson.js';
import type { ZipWriter } from './zip-writer.js';

const exportLine = z.object({ section: z.string().regex(EXPORT_SECTION_NAME), row: z.record(z.string(), z.unknown()) });
type ExportLine = z.infer<typeof exportLine>;

export async function writeServiceSections(zip: ZipWriter, service: string, body: Readable, fileKeys: Set<string>): Promise<number> {
  const lines = ndjsonLines(body);
  const nextLine = async (): Promise<ExportLine | null> => {
    const next = await lines.next();
    if (next.done) return null;
    collectFileKeys(next.value.text, fileKeys);
    return exportLine.parse(next.value.value);
  };

  let rows = 0;
  let line = await nextLine();
  while (line) {
    const { section } = line;
    let current: ExportLine | null = line;
    await zip.addWritten(`${service}/${section}.json`, async (out) => {
      let first = true;
      while (current && current.section === section) {
        await out.write((first ? '[\n' : ',\n') + JSON.stringify(current.row));
        first = false;
        rows += 1;
        current = await nextLine();
      }
      await out.write('\n]\n');
    });
    line = current;
  }
  return rows;
}
