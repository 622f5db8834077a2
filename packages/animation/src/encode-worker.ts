// The worker that turns frames into GIF files, off the training thread. Started by encoder-thread.ts.
import { closeSync, fsyncSync, renameSync, rmSync, writeSync } from 'node:fs';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './encoder-protocol.js';
import { EpisodeGifEncoder } from './episode-gif-encoder.js';

interface Session {
  encoder: EpisodeGifEncoder;
  /** -1 once closed: fd numbers are shared with the main thread, so one must never be closed twice */
  fd: number;
  tempPath: string;
  bytes: number;
}

const port = parentPort;
if (!port) throw new Error('encode-worker must run in a worker thread');

const sessions = new Map<number, Session>();
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
/** Buffers go back on their own channel, which the recorder can read synchronously when it runs short. */
const releasePort = (workerData as { releasePort: MessagePort }).releasePort;

function release(id: number, frames: Uint8Array[], made = false): void {
  if (frames.length === 0) return;
  const buffers = frames.map((frame) => frame.buffer as ArrayBuffer);
  releasePort.postMessage({ type: 'release', id, buffers, made } satisfies FromWorker, buffers);
}

/** Pages of a new buffer are mapped when first written; writing one byte a page does it here. */
const PAGE_BYTES = 4096;
/** Buffers handed back per message while pre-faulting, so the first ones reach the recorder early. */
const PREFAULT_BATCH = 4;

/** Allocates `count` buffers for the recorder's pool, their pages already mapped, and hands them back. */
function prefault(id: number, count: number, bytes: number): void {
  for (let made = 0; made < count; ) {
    const batch: Uint8Array[] = [];
    for (; batch.length < PREFAULT_BATCH && made < count; made++) {
      const buffer = new Uint8Array(bytes);
      for (let i = 0; i < bytes; i += PAGE_BYTES) buffer[i] = 0;
      batch.push(buffer);
    }
    release(id, batch, true);
  }
}

function closeOnce(session: Session): void {
  const fd = session.fd;
  session.fd = -1;
  if (fd >= 0) closeSync(fd);
}

function discard(id: number): void {
  const session = sessions.get(id);
  if (!session) return;
  sessions.delete(id);
  closeOnce(session);
  rmSync(session.tempPath, { force: true });
}

function handle(message: ToWorker): void {
  switch (message.type) {
    case 'begin': {
      const fd = message.fd;
      const session: Session = { fd, tempPath: message.tempPath, bytes: 0, encoder: undefined as never };
      session.encoder = new EpisodeGifEncoder({
        width: message.width,
        height: message.height,
        fps: message.fps,
        paletteFrames: message.paletteFrames,
        write(bytes) {
          let offset = 0;
          while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
          session.bytes += bytes.length;
        },
        patch(offset, bytes) {
          writeSync(fd, bytes, 0, bytes.length, offset);
        },
      });
      sessions.set(message.id, session);
      prefault(message.id, message.prefault, message.bufferBytes);
      return;
    }
    case 'frame': {
      const frame = new Uint8Array(message.buffer);
      const session = sessions.get(message.id);
      // a session that failed earlier: hand the buffer straight back
      release(message.id, session ? session.encoder.add(frame, message.channels) : [frame]);
      return;
    }
    case 'end': {
      const session = sessions.get(message.id);
      if (!session) {
        post({ type: 'failed', id: message.id, message: 'the episode was not being encoded' });
        return;
      }
      release(message.id, session.encoder.finish());
      // no frame reached the encoder (all were rejected): an empty file must never get a GIF's name
      if (session.encoder.frameCount === 0) throw new Error('no frame reached the encoder');
      fsyncSync(session.fd); // data on disk before the name points at it
      closeOnce(session);
      renameSync(session.tempPath, message.finalPath);
      sessions.delete(message.id);
      post({
        type: 'done',
        id: message.id,
        path: message.finalPath,
        frames: session.encoder.frameCount,
        bytes: session.bytes,
      });
      return;
    }
    case 'abort':
      discard(message.id);
      return;
    case 'sync':
      post({ type: 'synced', id: message.id });
      return;
  }
}

port.on('message', (message: ToWorker) => {
  try {
    handle(message);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    try {
      discard(message.id); // before saying so: whoever hears "failed" finds no temp file left
    } finally {
      if (message.type !== 'abort' && message.type !== 'sync')
        post({ type: 'failed', id: message.id, message: text });
    }
  }
});
