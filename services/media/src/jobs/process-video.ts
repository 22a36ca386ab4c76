/**
 * The video worker: turns an upload waiting in `incoming/` into the MP4 and poster its URL
 * promised, or marks it failed.
 *
 * 1. ffprobe the upload (copied from storage into a temp folder: ffmpeg needs a seekable file).
 *    Unreadable, no picture, or too many pixels: failed at once, no retries (`VideoRejectedError`).
 * 2. The length rule of its purpose (`videos/length-rule.ts`: reel ≤ 90 s, story ≤ 60 s, post ≤ 30 min), judged by
 *    the real length: a container claiming far more is checked by a stream-copy pass first (no
 *    decoding), and the transcode never runs past the limit plus a margin; an output longer than
 *    the limit is refused. A refusal is final (`VideoRejectedError`) with the purpose's text.
 * 3. Transcode (`videos/transcode.ts`) into the purpose's box and, in the same run, the 360p
 *    rendition when the box is larger (decision 044), reporting progress; take the poster frame
 *    from the output.
 * 4. Probe the outputs, store poster, small rendition, then MP4 through the storage port, mark the
 *    row ready with the output's duration/size/bytes and renditions and emit `video.processed` in
 *    one transaction, delete the upload.
 *
 * Anything else is retried with back-off; the last attempt marks the video failed and emits
 * `video.failed`. A worker that cannot run ffmpeg/ffprobe fails the video at once with a reason
 * saying so (every attempt would fail alike), and looks for them again at the next job. A job for a video that is no longer `processing` does nothing, so re-runs and
 * re-queues are harmless. The temp folder is removed whatever happens.
 *
 * An upload refused as unreadable is deleted; one that exhausted its retries is kept in
 * `incoming/` so an operator can look at it (the cause was likely the machine, not the file).
 */
import { SMALL_VIDEO_VARIANT, type VideoRendition } from '@kora/contracts';
import { observeTranscode } from '@kora/platform/metrics';
import type { JobProcessor } from '@kora/platform/service';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Media } from '../context.js';
import type { VideoRow } from '../db/schema.js';
import { publicUrl, siblingKey } from '../storage/keys.js';
import { ObjectExistsError, type StoredObject } from '../storage/port.js';
import { videoToolsProblem } from '../videos/binaries.js';
import { VideoRejectedError, videoFailureTexts } from '../videos/failures.js';
import { copyLengthSeconds } from '../videos/copy-length.js';
import { fitVideo, MAX_SOURCE_SIDE, posterTime, smallRendition } from '../videos/geometry.js';
import { lengthRuleFor, runsTooLong, transcodeLimit, type LengthRule } from '../videos/length-rule.js';
import { probeVideo, type VideoProbe } from '../videos/probe.js';
import { findVideo, markFailed, markReady, recordAttempt, type ProcessedVideo } from '../videos/records.js';
import { extractPoster, transcodeToMp4 } from '../videos/transcode.js';
import { progressReporter, type ProgressReporter } from './progress.js';
import type { VideoJobData } from './video-job.js';

/** Progress milestones: the transcode is most of the work. */
const TRANSCODE_FROM = 2;
const TRANSCODE_TO = 90;

const roundMs = (seconds: number) => Math.round(seconds * 1000) / 1000;

async function copyFromStorage(media: Media, key: string, file: string): Promise<void> {
  const opened = await media.storage.open(key);
  if (!opened) throw new VideoRejectedError(videoFailureTexts.missing, `${key} is not in storage`);
  await pipeline(opened.body, createWriteStream(file, { flags: 'wx' }));
}

/**
 * Stores a finished file once. If an earlier attempt of this job already stored it (a put is
 * atomic, so it is whole) it is kept: stored objects are never overwritten.
 */
async function putOnce(media: Media, key: string, file: string, contentType: string): Promise<StoredObject> {
  try {
    return await media.storage.put(key, createReadStream(file), contentType);
  } catch (err) {
    const existing = err instanceof ObjectExistsError ? await media.storage.stat(key) : null;
    if (existing) return existing;
    throw err;
  }
}

/** Our own output must probe cleanly; if it does not, that is a fault to retry, not the upload's. */
async function probeOutput(media: Media, file: string): Promise<VideoProbe> {
  try {
    return await probeVideo(media.config.FFPROBE_PATH, file, 'video/mp4');
  } catch (err) {
    throw err instanceof VideoRejectedError ? new Error(`The transcoded MP4 does not probe: ${err.message}`) : err;
  }
}

async function makePoster(media: Media, mp4: string, poster: string, durationSeconds: number | null): Promise<void> {
  await extractPoster({ ffmpegPath: media.config.FFMPEG_PATH, input: mp4, output: poster, atSeconds: posterTime(durationSeconds) });
  // ffmpeg succeeds with no frame when asked past the end (a duration that lied): take the first.
  const written = await stat(poster).catch(() => null);
  if (!written?.size) {
    await rm(poster, { force: true });
    await extractPoster({ ffmpegPath: media.config.FFMPEG_PATH, input: mp4, output: poster, atSeconds: 0 });
  }
}

/**
 * Refuses, before any decoding, a video whose container claims more than its limit when a
 * stream-copy pass confirms it. A claim that does not hold (the file is shorter) goes on to the
 * transcode, which judges the real length.
 */
async function refuseConfirmedClaim(
  media: Media,
  video: VideoRow,
  source: string,
  claimed: number | null,
  rule: LengthRule,
): Promise<void> {
  if (claimed === null || !runsTooLong(rule, claimed)) return;
  const { FFMPEG_PATH, MEDIA_VIDEO_TIMEOUT_SECONDS } = media.config;
  const real = await copyLengthSeconds(FFMPEG_PATH, source, video.sourceMime, MEDIA_VIDEO_TIMEOUT_SECONDS);
  if (real !== null && runsTooLong(rule, real))
    throw new VideoRejectedError(rule.tooLong, `claims ${claimed} s, its packets run ${real} s`);
}

/** The decoded output is the real length: past the limit (it ran into the margin), refused. */
function refuseLongOutput(rule: LengthRule, output: VideoProbe): void {
  const seconds = output.durationSeconds;
  if (seconds !== null && runsTooLong(rule, seconds)) throw new VideoRejectedError(rule.tooLong, `decodes to at least ${seconds} s`);
}

async function transcode(media: Media, video: VideoRow, work: string, progress: ProgressReporter): Promise<ProcessedVideo> {
  const { config } = media;
  const source = path.join(work, 'source');
  const mp4 = path.join(work, 'video.mp4');
  const poster = path.join(work, 'poster.jpg');
  const started = Date.now();

  await copyFromStorage(media, video.incomingKey, source);
  const input = await probeVideo(config.FFPROBE_PATH, source, video.sourceMime);
  const shown = { width: input.video.displayWidth, height: input.video.displayHeight };
  if (Math.max(input.video.width, input.video.height, shown.width, shown.height) > MAX_SOURCE_SIDE) {
    throw new VideoRejectedError(videoFailureTexts.tooManyPixels, `${input.video.width}x${input.video.height}`);
  }
  const rule = lengthRuleFor(video.purpose);
  await refuseConfirmedClaim(media, video, source, input.durationSeconds, rule);
  const size = fitVideo(shown, video.purpose);
  const small = smallRendition(size);
  const smallMp4 = path.join(work, 'video-small.mp4');
  progress.report(TRANSCODE_FROM, true);

  await transcodeToMp4({
    ffmpegPath: config.FFMPEG_PATH,
    input: source,
    mime: video.sourceMime,
    output: mp4,
    size,
    withAudio: input.audio !== null,
    durationSeconds: input.durationSeconds,
    maxSeconds: transcodeLimit(rule),
    timeoutSeconds: config.MEDIA_VIDEO_TIMEOUT_SECONDS,
    onProgress: (fraction) => progress.report(TRANSCODE_FROM + fraction * (TRANSCODE_TO - TRANSCODE_FROM)),
    small: small ? { size: small, output: smallMp4 } : undefined,
  });
  progress.report(TRANSCODE_TO, true);

  const output = await probeOutput(media, mp4);
  refuseLongOutput(rule, output);
  await makePoster(media, mp4, poster, output.durationSeconds);
  // The poster first: it is all a viewer loads until they play the video.
  await putOnce(media, video.posterKey, poster, 'image/jpeg');
  const renditions: VideoRendition[] = [];
  if (small) {
    const smallOutput = await probeOutput(media, smallMp4);
    const smallKey = siblingKey(video.key, SMALL_VIDEO_VARIANT, 'mp4');
    await putOnce(media, smallKey, smallMp4, 'video/mp4');
    renditions.push({ url: publicUrl(smallKey), width: smallOutput.video.width, height: smallOutput.video.height });
  }
  const stored = await putOnce(media, video.key, mp4, 'video/mp4');
  renditions.push({ url: publicUrl(video.key), width: output.video.width, height: output.video.height });

  const result: ProcessedVideo = {
    durationSeconds: roundMs(output.durationSeconds ?? input.durationSeconds ?? 0),
    width: output.video.width,
    height: output.video.height,
    bytes: stored.size,
    renditions,
  };
  media.ctx.log.info(
    {
      videoId: video.id,
      ms: Date.now() - started,
      purpose: video.purpose,
      source: {
        format: input.format,
        video: input.video.codec,
        audio: input.audio?.codec ?? null,
        ...shown,
        duration: input.durationSeconds,
        bytes: input.bytes,
      },
      output: result,
    },
    'video transcoded',
  );
  return result;
}

async function removeIncoming(media: Media, video: VideoRow): Promise<void> {
  await media.storage
    .remove(video.incomingKey)
    .catch((err) => media.ctx.log.warn({ err, videoId: video.id, key: video.incomingKey }, 'could not delete the upload'));
}

/**
 * The video stopped processing while this job ran (a sibling removed it: `uploads/remove.ts`):
 * the files this job just stored have no one to remove them, so they go now.
 */
async function removeIfGivenUp(media: Media, video: VideoRow): Promise<void> {
  const now = await findVideo(media, video.id);
  if (now?.status !== 'failed') return;
  for (const key of [video.key, video.posterKey, siblingKey(video.key, SMALL_VIDEO_VARIANT, 'mp4')]) {
    await media.storage.remove(key).catch((err) => media.ctx.log.warn({ err, videoId: video.id, key }, 'could not delete a removed video'));
  }
}

export function createVideoProcessor(media: Media): JobProcessor<VideoJobData> {
  const { log } = media.ctx;
  return async (job) => {
    await media.ready;
    const video = await findVideo(media, job.data.videoId);
    if (!video || video.status !== 'processing') {
      log.info({ videoId: job.data.videoId, status: video?.status ?? 'missing' }, 'video job skipped: nothing to do');
      return;
    }
    await recordAttempt(media, video.id, job.attempt);
    // Without ffmpeg every attempt fails the same way: say so to the uploader at once. The upload is
    // kept, as for any video that gave up, and the next job looks for the tools again.
    const toolsProblem = await videoToolsProblem(media.config.FFMPEG_PATH, media.config.FFPROBE_PATH);
    if (toolsProblem) {
      log.error(
        { videoId: video.id, problem: toolsProblem },
        'video failed: the worker cannot run ffmpeg/ffprobe (FFMPEG_PATH, FFPROBE_PATH)',
      );
      await markFailed(media, video, videoFailureTexts.toolsMissing);
      return;
    }
    const progress = progressReporter(media, job, video.id);
    const work = await mkdtemp(path.join(tmpdir(), 'kora-video-'));
    const started = performance.now();
    const took = () => (performance.now() - started) / 1000;
    try {
      const result = await transcode(media, video, work, progress);
      const seconds = took();
      await progress.settled();
      if (await markReady(media, video, result)) log.info({ videoId: video.id, attempt: job.attempt }, 'video ready');
      else await removeIfGivenUp(media, video);
      observeTranscode('ready', seconds);
      await removeIncoming(media, video);
    } catch (err) {
      observeTranscode(err instanceof VideoRejectedError ? 'refused' : 'failed', took());
      await progress.settled();
      if (err instanceof VideoRejectedError) {
        // The file itself is the problem: trying again gives the same answer.
        log.warn({ videoId: video.id, reason: err.reason, detail: err.detail }, 'video refused');
        await markFailed(media, video, err.reason);
        await removeIncoming(media, video);
        return;
      }
      if (job.attempt >= media.videoQueue.attempts) {
        log.error({ err, videoId: video.id, attempt: job.attempt }, 'video failed for good');
        await markFailed(media, video, videoFailureTexts.gaveUp);
      }
      throw err;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
}
