/** Tables of the `media` schema (Drizzle views of the SQL in migrations.ts). */
import { MEDIA_PURPOSES, type VideoRendition } from '@kora/contracts';
import { erasedMembersTable } from '@kora/platform/service';
import { bigint, doublePrecision, integer, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const videoStatuses = ['processing', 'ready', 'failed'] as const;
export const archiveStatuses = ['preparing', 'ready', 'failed', 'expired'] as const;

export const mediaSchema = (name: string) => {
  const schema = pgSchema(name);
  const videos = schema.table('videos', {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uploaderId: bigint('uploader_id', { mode: 'number' }).notNull(),
    /** The raw upload (`incoming/…`, never served); removed once the video is ready. */
    incomingKey: text('incoming_key').notNull(),
    /** What the magic bytes said the upload is; picks ffmpeg's demuxer. */
    sourceMime: text('source_mime').notNull(),
    /** The uploaded file's size in bytes (null for videos stored before it was kept). */
    sourceBytes: bigint('source_bytes', { mode: 'number' }),
    /** What it was uploaded for: picks the length rule and the size box (decision 022). */
    purpose: text('purpose', { enum: MEDIA_PURPOSES }).notNull().default('post'),
    /** The transcoded MP4 (`videos/<id>.mp4`), decided at upload so its URL is answered at once. */
    key: text('key').notNull(),
    posterKey: text('poster_key').notNull(),
    status: text('status', { enum: videoStatuses }).notNull().default('processing'),
    /** 0-100 while processing. */
    progress: integer('progress').notNull().default(0),
    /** Probe results of the stored MP4 (null until ready). */
    durationSeconds: doublePrecision('duration_seconds'),
    width: integer('width'),
    height: integer('height'),
    bytes: bigint('bytes', { mode: 'number' }),
    /** Every playable file, smallest first (decision 044); null until ready, and for videos processed before. */
    renditions: jsonb('renditions').$type<VideoRendition[]>(),
    /** Why it failed, in words a member can be shown. */
    error: text('error'),
    /** Processing attempts started so far. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  });
  /** Every upload stored since decision 034, by its uploader (an erased member's files are found here). */
  const uploads = schema.table('uploads', {
    key: text('key').primaryKey(),
    uploaderId: bigint('uploader_id', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  });
  /** Members whose account was erased (decision 034): their uploads in flight are refused. */
  const erasedMembers = erasedMembersTable(schema);
  /** Members' data archives (decision 035): the latest request of each member. */
  const archives = schema.table('archives', {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    /** Random hex naming this archive in its download link: a new request makes old links useless. */
    id: text('id').notNull().unique(),
    status: text('status', { enum: archiveStatuses }).notNull().default('preparing'),
    /** The ZIP in storage (`archives/<hex>.zip`, never public) once ready. */
    key: text('key'),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
    requestedAt: at('requested_at').notNull().defaultNow(),
    readyAt: at('ready_at'),
    expiresAt: at('expires_at'),
  });
  return { videos, uploads, erasedMembers, archives };
};

export type MediaTables = ReturnType<typeof mediaSchema>;
export type VideoRow = MediaTables['videos']['$inferSelect'];
export type ArchiveRow = MediaTables['archives']['$inferSelect'];
