/**
 * The media API: `POST /api/media/upload` (multipart, field `files`, several files) answers the
 * public URLs of what was stored. Images are stored under `/uploads/images/`, videos under
 * `/uploads/videos/` (clients tell them apart by that path, as the spec says). A video's URL is
 * where its transcoded MP4 will be: until the worker has made it, `GET /api/media/videos/{id}`
 * reports `processing`.
 */
import { z } from 'zod';
import { mediaTexts } from './media-texts.js';

export * from './media-texts.js';

export const uploadAnswer = z.object({
  urls: z.array(z.string()),
  /** The same files with their kind and, for videos, the id to ask about processing. */
  files: z.array(
    z.object({
      url: z.string(),
      type: z.enum(['image', 'video']),
      videoId: z.number().int().nullable(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
    }),
  ),
});
export type UploadAnswer = z.infer<typeof uploadAnswer>;

export const videoStatusSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  status: z.enum(['processing', 'ready', 'failed']),
  /** 0-100 while processing. */
  progress: z.number().int(),
  posterUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type VideoStatus = z.infer<typeof videoStatusSchema>;
