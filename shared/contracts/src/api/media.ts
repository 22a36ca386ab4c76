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
}).meta({
  example: {
    urls: ['/uploads/images/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp', '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b.mp4'],
    files: [
      { url: '/uploads/images/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp', type: 'image', videoId: null, width: 1080, height: 1350 },
      { url: '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b.mp4', type: 'video', videoId: 31, width: null, height: null },
    ],
  },
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
}).meta({
  example: {
    id: 31,
    url: '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b.mp4',
    status: 'ready',
    progress: 100,
    posterUrl: '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b-poster.webp',
    durationSeconds: 14.2,
    width: 720,
    height: 1280,
    error: null,
  },
});
export type VideoStatus = z.infer<typeof videoStatusSchema>;

/** POST /internal/images (201): the stored profile image (sibling services only). */
export const storedImageSchema = z.object({
  url: z.string().describe('Public path of the stored WebP, e.g. /uploads/profile/<name>.webp'),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int().describe('Size of the stored file'),
}).meta({ example: { url: '/uploads/profile/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp', width: 400, height: 400, bytes: 18342 } });

export type StoredImage = z.infer<typeof storedImageSchema>;
