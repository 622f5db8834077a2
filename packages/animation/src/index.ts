export {
  CaptureSchedule,
  type CaptureScheduleOptions,
  DEFAULT_CAPTURE_SCHEDULE,
  isCappedCubic,
} from './capture-schedule';
export type { EpisodeJson } from './episode-json';
export {
  EpisodeCapture,
  type EpisodeEnd,
  type EpisodeFiles,
  EpisodeRecorder,
  type EpisodeRecorderOptions,
  type EpisodeTrace,
  type FrameInfo,
} from './episode-recorder';
export { EncodingError, FrameError } from './errors';
export { episodeFileStem } from './file-names';
export type { CanvasLike, Frame, FrameData, ImageDataLike, NestedFrame, PixelFrame } from './frame';
export { animationRecorderFromEnv, type RecorderFromEnvOptions } from './from-env';
export { frameDelayCentiseconds } from './gif-timing';
