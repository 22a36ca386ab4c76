/**
 * Media for the API and browser tests: a short clip (ffmpeg's test pattern and a tone, made by the
 * shared `makeVideo`) and multipart bodies. PNGs come from ../browser/support/png.ts.
 */
import { makeVideo as makeVideoIn } from '@kora/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A clip of `seconds` seconds (320x240, with a 440 Hz tone), made in a temporary folder. */
export async function makeVideo(seconds = 2, format: 'mp4' | 'webm' = 'mp4'): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kora-video-'));
  try {
    return await makeVideoIn(dir, { duration: seconds, width: 320, height: 240, container: format, audio: true });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A multipart body with the given files in the `files` field. */
export function filesForm(files: { data: Buffer; name: string; type: string }[], field = 'files'): FormData {
  const form = new FormData();
  for (const file of files) form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return form;
}
