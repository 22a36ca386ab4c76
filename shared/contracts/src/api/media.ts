/**
 * The media API: `POST /api/media/upload` (multipart, field `files`, several files) answers the
 * public URLs of what was stored. Images are stored under `/uploads/images/`, videos under
 * `/uploads/videos/` (clients tell them apart by that path, as the spec says). A video's URL is
 * where its transcoded MP4 will be: until the worker has made it, `GET /api/media/videos/{id}`
 * reports `processing`.
 */
import { z } from 'zod';

export const MEDIA_UPLOAD_FIELD = 'files';
export const MAX_FILES_PER_UPLOAD = 10;

export const mediaTexts = {
  noFiles: `Choose at least one photo or video (file field '${MEDIA_UPLOAD_FIELD}')`,
  tooManyFiles: `Upload at most ${MAX_FILES_PER_UPLOAD} files at a time`,
  tooLarge: (mb: number) => `Each file can be at most ${mb} MB`,
  unsupported: 'Only photos and videos can be uploaded',
  videoInvalid: 'The video could not be read',
  videoNotFound: 'Video not found',
  uploadFailed: 'Upload failed',
} as const;

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
