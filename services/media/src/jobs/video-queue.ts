/**
 * The `media.video-process` queue: one job per uploaded video (job id `video-<id>`, so a video is
 * never queued twice; BullMQ refuses bare integers as custom ids). With MEDIA_VIDEO_WORKERS=true
 * this process works the queue; with `false` it only feeds it (API pods) and worker pods run it.
 *
 * A worker process also re-queues, at start, every video still `processing`: a job lost with an
 * embedded process that stopped, or one that could not be queued after its upload committed, is
 * picked up again (finished videos are skipped by the job itself, so re-queuing is always safe).
 */
import type { Media } from '../context.js';
import { videoToolsProblem } from '../videos/binaries.js';
import { unfinishedVideoIds } from '../videos/records.js';
import { createVideoProcessor } from './process-video.js';
import type { VideoJobData } from './video-job.js';

export const VIDEO_QUEUE = 'media.video-process';

export const videoJobId = (videoId: number) => `video-${videoId}`;

export function enqueueVideo(media: Media, videoId: number): Promise<string> {
  return media.ctx.jobs.enqueue<VideoJobData>(VIDEO_QUEUE, { videoId }, { jobId: videoJobId(videoId) });
}

/** Queues every video still `processing` again (job ids keep it from running twice). */
export async function requeueUnfinished(media: Media): Promise<void> {
  const ids = await unfinishedVideoIds(media);
  for (const id of ids) await enqueueVideo(media, id);
  if (ids.length > 0) media.ctx.log.info({ queue: VIDEO_QUEUE, videos: ids.length }, 'unfinished videos queued again');
}

export function registerVideoQueue(media: Media): void {
  const { ctx, config, videoQueue } = media;
  if (!config.MEDIA_VIDEO_WORKERS) {
    ctx.jobs.declare(VIDEO_QUEUE, videoQueue);
    ctx.log.info({ queue: VIDEO_QUEUE }, 'video worker off here (MEDIA_VIDEO_WORKERS=false): videos are only queued');
    return;
  }
  ctx.jobs.register<VideoJobData>(VIDEO_QUEUE, createVideoProcessor(media), videoQueue);
  ctx.log.info({ queue: VIDEO_QUEUE, concurrency: videoQueue.concurrency, ffmpeg: config.FFMPEG_PATH }, 'video worker registered');
  // Said at start as well as at each job: until ffmpeg can run, videos fail with a reason saying so.
  void videoToolsProblem(config.FFMPEG_PATH, config.FFPROBE_PATH).then((problem) => {
    if (problem)
      ctx.log.error({ problem }, 'the video worker cannot run ffmpeg/ffprobe (FFMPEG_PATH, FFPROBE_PATH): videos fail until it can');
  });
  requeueUnfinished(media).catch((err) => ctx.log.error({ err, queue: VIDEO_QUEUE }, 'could not re-queue unfinished videos'));
}
