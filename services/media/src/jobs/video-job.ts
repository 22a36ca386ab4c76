/**
 * What a `media.video-process` job carries. Its own module because both the queue (which feeds
 * jobs) and the processor (which works them) need it, and the queue imports the processor.
 */
export interface VideoJobData {
  videoId: number;
}
