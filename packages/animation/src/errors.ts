/** A frame the recorder could not take: which episode, which frame, what was expected and what came. */
export class FrameError extends Error {
  constructor(
    readonly episode: number,
    readonly frameIndex: number,
    readonly expected: string,
    readonly received: string,
  ) {
    super(
      `episode ${episode}, frame ${frameIndex}: expected ${expected}, got ${received}; the frame was skipped`,
    );
    this.name = 'FrameError';
  }
}

/** The GIF of an episode could not be written (disk full, folder removed, worker crash …). */
export class EncodingError extends Error {
  constructor(
    readonly episode: number,
    reason: string,
  ) {
    super(`episode ${episode}: the GIF could not be written: ${reason}`);
    this.name = 'EncodingError';
  }
}
