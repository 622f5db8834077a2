/** Messages between the recorder (main thread) and the encoding worker. */
export type ToWorker =
  | {
      type: 'begin';
      id: number;
      /** the temp file, created exclusively by the recorder; the worker writes through `fd` and closes it */
      fd: number;
      tempPath: string;
      width: number;
      height: number;
      fps: number;
      paletteFrames: number;
      /** buffers of `bufferBytes` to allocate and hand back at once, counted in the recorder's pool */
      prefault: number;
      bufferBytes: number;
    }
  /** one frame of width × height × channels bytes at the buffer's start; transferred, it comes back in a `release` */
  | { type: 'frame'; id: number; buffer: ArrayBuffer; channels: 1 | 3 | 4 }
  /** write what is held and the trailer, then rename the temp file to `finalPath` */
  | { type: 'end'; id: number; finalPath: string }
  /** stop and delete the temp file */
  | { type: 'abort'; id: number }
  /** answered with `synced` once every earlier message is handled */
  | { type: 'sync'; id: number };

export type FromWorker =
  /** buffers back from a frame, or (`made`) new ones allocated ahead of need */
  | { type: 'release'; id: number; buffers: ArrayBuffer[]; made?: boolean }
  | { type: 'done'; id: number; path: string; frames: number; bytes: number }
  | { type: 'failed'; id: number; message: string }
  | { type: 'synced'; id: number };
