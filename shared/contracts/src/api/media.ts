/**
 * The media API: `POST /api/media/upload` (multipart, field `files`, several files) answers the
 * public URLs of what was stored. Images are stored under `/uploads/images/`, videos under
 * `/uploads/videos/` (clients tell them apart by that path: docs/product/posts-and-feed.md). A
 * video's URL is where its transcoded MP4 will be: until the worker has made it,
 * `GET /api/media/videos/{id}` reports `processing`.
 */
import { z } from 'zod';
import { PHOTO_FORMATS, type PhotoFormat } from './photo-variants.js';
import { CLIP_STATES, MEDIA_PURPOSES } from './stories-texts.js';

export * from './media-texts.js';
export * from './photo-variants.js';

/** The docs' example of a stored photo's details (a post's imageDetails show it too). */
export const photoDetailsExample: {
  url: string;
  width: number;
  height: number;
  placeholder: string;
  widths: number[];
  formats: PhotoFormat[];
} = {
  url: '/uploads/images/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp',
  width: 1080,
  height: 1350,
  placeholder: 'oAcKPZqAh4dwd3iHh3d3d3CACPeH',
  widths: [320, 640, 1080],
  formats: ['avif', 'webp'],
};

/** A stored photo's sizes, formats and placeholder (decision 044); see photo-variants.ts for the names. */
export const photoDetailsSchema = z
  .object({
    url: z.string(),
    width: z.number().int().describe('Of the full-size photo (its own URL), upright'),
    height: z.number().int(),
    placeholder: z.string().nullable().describe('A ThumbHash (base64) to paint while the photo loads'),
    widths: z.array(z.number().int()).describe('Every stored width, narrowest first; the last is width'),
    formats: z.array(z.enum(PHOTO_FORMATS)).describe('<name>-<w>.<format> for each narrower width, <name>.<format> at full size'),
  })
  .meta({ example: photoDetailsExample });
export type PhotoDetailsAnswer = z.infer<typeof photoDetailsSchema>;

/** A video's playable files, smallest first (decision 044); the last is the video's own URL. */
export const videoRenditionSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

/**
 * `POST /api/media/upload?purpose=`: what the upload is for picks its rules (decision 022). `post`
 * (default): the site's max upload size and allowed types, up to 10 files. `reel`: one video, MP4,
 * WEBM or MOV, at most 50 MB whatever the site's limit, and the worker refuses one longer
 * than 90 s. Stories are uploaded through `POST /api/stories`, which hands the file to media itself.
 */
export const uploadQuery = z.object({
  purpose: z.enum(MEDIA_PURPOSES, { error: "The purpose must be 'post', 'story' or 'reel'" }).default('post'),
});

export const uploadAnswer = z
  .object({
    urls: z.array(z.string()),
    /** The same files with their kind and, for videos, the id to ask about processing. */
    files: z.array(
      z.object({
        url: z.string(),
        type: z.enum(['image', 'video']),
        videoId: z.number().int().nullable(),
        width: z.number().int().nullable(),
        height: z.number().int().nullable(),
        /** Photos (decision 044; added after the first fields, so optional): placeholder and stored sizes. */
        placeholder: photoDetailsSchema.shape.placeholder.optional(),
        widths: photoDetailsSchema.shape.widths.optional(),
        formats: photoDetailsSchema.shape.formats.optional(),
      }),
    ),
  })
  .meta({
    example: {
      urls: ['/uploads/images/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp', '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b.mp4'],
      files: [
        {
          url: '/uploads/images/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp',
          type: 'image',
          videoId: null,
          width: 1080,
          height: 1350,
          placeholder: 'oAcKPZqAh4dwd3iHh3d3d3CACPeH',
          widths: [320, 640, 1080],
          formats: ['avif', 'webp'],
        },
        { url: '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b.mp4', type: 'video', videoId: 31, width: null, height: null },
      ],
    },
  });
export type UploadAnswer = z.infer<typeof uploadAnswer>;

export const videoStatusSchema = z
  .object({
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
    /** Ready videos processed since decision 044: every playable file, smallest first. */
    renditions: z.array(videoRenditionSchema).optional(),
  })
  .meta({
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
      renditions: [
        { url: '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b-360.mp4', width: 360, height: 640 },
        { url: '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b.mp4', width: 720, height: 1280 },
      ],
    },
  });
export type VideoStatus = z.infer<typeof videoStatusSchema>;

/** POST /internal/images (201): the stored profile image (sibling services only). */
export const storedImageSchema = z
  .object({
    url: z.string().describe('Public path of the stored WebP, e.g. /uploads/profile/<name>.webp'),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int().describe('Size of the stored file'),
  })
  .meta({ example: { url: '/uploads/profile/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp', width: 400, height: 400, bytes: 18342 } });

export type StoredImage = z.infer<typeof storedImageSchema>;

/** One stored file, as `POST /api/media/upload` lists it in `files`. */
export const uploadedFileSchema = uploadAnswer.shape.files.element;
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/**
 * `POST /internal/uploads?purpose=story&uploaderId=N` (sibling services only; stories-reels hands
 * over a story's file): multipart, one file in the field `file`, checked and stored as
 * `POST /api/media/upload` does for that purpose. 201 answers the stored file.
 */
export const INTERNAL_UPLOAD_FIELD = 'file';
export const internalUploadQuery = z.object({
  purpose: z.enum(MEDIA_PURPOSES),
  uploaderId: z.coerce.number().int().positive(),
});

/**
 * `GET /internal/videos?url=` (sibling services only): a video by its public URL, with who uploaded
 * it, for what, and the uploaded file's type and size, so a reel can be made at once only of the
 * caller's own video that meets the reel rules. 404 when no video has that URL.
 */
export const internalVideoQuery = z.object({ url: z.string().min(1).max(500) });
export const internalVideoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  uploaderId: z.number().int(),
  purpose: z.enum(MEDIA_PURPOSES),
  /** What the upload's magic bytes said it is, and its size (null for videos stored before it was kept). */
  sourceMime: z.string(),
  sourceBytes: z.number().int().nullable(),
  status: z.enum(CLIP_STATES),
  posterUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  error: z.string().nullable(),
  /** Ready videos processed since decision 044: every playable file, smallest first. */
  renditions: z.array(videoRenditionSchema).optional(),
});
export type InternalVideo = z.infer<typeof internalVideoSchema>;

/**
 * `POST /internal/uploads/remove` (sibling services only): deletes stored files by their public
 * URLs (an expired or deleted story's image, or its video with the video's poster). Unknown URLs
 * are skipped; removing twice is harmless. 200 `{ removed }` counts the files that were there.
 */
export const removeUploadsBody = z.object({ urls: z.array(z.string().min(1).max(500)).min(1).max(100) });
export const removeUploadsAnswer = z.object({ removed: z.number().int() });
