/**
 * Broken multipart/form-data bodies for the upload routes: no boundary, a part cut short, an empty
 * file, more files than allowed, a huge field name, the wrong field, a field without a file, a file
 * name that tries a path. None carries a real image or video, so every upload route must refuse
 * each of them.
 */
import { multipart } from '@kora/testing';
import fc from 'fast-check';

export interface RawBody {
  contentType: string;
  body: Buffer;
  oddity: string;
}

/** Bytes that are no image or video format (no magic number the media checks accept). */
const NOT_MEDIA = Buffer.from('this is not an image, only text pretending to be one\n');

function form(parts: Parameters<typeof multipart>[0]): { contentType: string; body: Buffer } {
  const { payload, headers } = multipart(parts);
  return { contentType: headers['content-type']!, body: payload };
}

/** Every oddity for a route whose file field is `field`. */
export function multipartOddity(field: string): fc.Arbitrary<RawBody> {
  const file = (name = field, data: Buffer | string = NOT_MEDIA, filename = 'photo.png') => ({
    name,
    filename,
    contentType: 'image/png',
    data,
  });
  const oddities: (() => RawBody)[] = [
    () => ({ oddity: 'no boundary', contentType: 'multipart/form-data', body: form([file()]).body }),
    () => ({ oddity: 'boundary not in body', contentType: 'multipart/form-data; boundary=nothere', body: form([file()]).body }),
    () => {
      const whole = form([file(field, Buffer.alloc(4096, 0x89))]);
      return { oddity: 'truncated part', contentType: whole.contentType, body: whole.body.subarray(0, 200) };
    },
    () => ({ oddity: 'empty file', ...form([file(field, Buffer.alloc(0))]) }),
    () => ({ oddity: 'many files', ...form(Array.from({ length: 40 }, () => file())) }),
    () => ({ oddity: 'huge field name', ...form([file('f'.repeat(100_000))]) }),
    () => ({ oddity: 'wrong field name', ...form([file(`${field}_x`)]) }),
    () => ({ oddity: 'text field only', ...form([{ name: field, data: 'not a file' }]) }),
    () => ({ oddity: 'path in file name', ...form([file(field, NOT_MEDIA, '../../../../etc/passwd')]) }),
    () => ({ oddity: 'unicode file name', ...form([file(field, NOT_MEDIA, '\u202Egnp.exe\u0000.png')]) }),
    () => ({ oddity: 'no parts at all', ...form([]) }),
    () => ({ oddity: 'empty body', contentType: 'multipart/form-data; boundary=x', body: Buffer.alloc(0) }),
  ];
  return fc.constantFrom(...oddities).map((make) => make());
}
