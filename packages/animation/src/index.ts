export {
  CaptureSchedule,
  type CaptureScheduleOptions,
  DEFAULT_CAPTURE_SCHEDULE,
  isCappedCubic,
} from './capture-schedule.js';
export type { EpisodeJson } from './episode-json.js';
export {
  EpisodeCapture,
  type EpisodeEnd,
  type EpisodeFiles,
  EpisodeRecorder,
  type EpisodeRecorderOptions,
  type EpisodeTrace,
  type FrameInfo,
} from './episode-recorder.js';
export { EncodingError, FrameError } from './errors.js';
export { episodeFileStem } from './file-names.js';
export {
  type CanvasLike,
  type Frame,
  type FrameData,
  type ImageDataLike,
  MAX_FRAME_PIXELS,
  type NestedFrame,
  type PixelFrame,
} from './frame.js';
export { animationRecorderFromEnv, type RecorderFromEnvOptions } from './from-env.js';
export { frameDelayCentiseconds } from './gif-timing.js';
