/**
 * multipart/form-data bodies built by hand for `app.inject()`, so every byte is under the test's
 * control (a wrong field, a second file, an odd content type): what a browser's form would send.
 */
import { randomBytes } from 'node:crypto';

export interface FormPart {
  name: string;
  /** A file part when given; a plain field otherwise. */
  filename?: string;
  /** Of a file part (default application/octet-stream). */
  contentType?: string;
  data: Buffer | string;
}

export function multipart(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kora-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
