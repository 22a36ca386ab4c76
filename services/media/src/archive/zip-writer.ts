/**
 * A ZIP written as a stream (yazl): entries go in one after another, each consumed before the next
 * is opened, so at most one file is open and memory holds a few chunks whatever the archive's size.
 * The output stream is what the caller pipes to storage.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/** Writes chunks to an entry, waiting whenever the zip has not taken the last ones yet. */
export interface EntryWriter {
  write(text: string): Promise<void>;
}

export class ZipWriter {
  private readonly zip = new ZipFile();
  readonly output: Readable = this.zip.outputStream as Readable;

  /** An entry whose content `fill` writes; resolves when the zip has read all of it. */
  async addWritten(path: string, fill: (out: EntryWriter) => Promise<void>): Promise<void> {
    const entry = new PassThrough();
    this.zip.addReadStream(entry, path, { mtime: new Date(), compress: true });
    const writer: EntryWriter = {
      async write(text) {
        if (!entry.write(text)) await once(entry, 'drain');
      },
    };
    try {
      await fill(writer);
      entry.end();
      await finished(entry);
    } catch (err) {
      // The failure is the caller's to handle (the archive fails): not an unheard 'error' event,
      // which would end the process.
      entry.on('error', () => {});
      entry.destroy(err as Error);
      throw err;
    }
  }

  /** A stored file, copied as it is (photos and videos do not compress); resolves once read. */
  async addStream(path: string, body: Readable, modifiedAt: Date): Promise<void> {
    this.zip.addReadStream(body, path, { mtime: modifiedAt, compress: false });
    await finished(body);
  }

  addText(path: string, text: string): void {
    this.zip.addBuffer(Buffer.from(text), path, { mtime: new Date() });
  }

  end(): void {
    this.zip.end();
  }

  /**
   * Stops the output with an error: storage, reading it, drops its half-written file. Storage may
   * not be reading yet, so the error must not be an unheard 'error' event; a reader that starts later
   * still meets it (an errored stream rejects its iterator).
   */
  abort(err: Error): void {
    this.output.on('error', () => {});
    this.output.destroy(err);
  }
}
