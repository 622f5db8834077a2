import { describe, expect, it } from 'vitest';
import { BufferPool } from '../src/buffer-pool.js';
import type { ToWorker } from '../src/encoder-protocol.js';
import { EncodingSession } from '../src/encoder-thread.js';

/** A session whose "worker" hands every frame's buffer straight back, as the real one does when it keeps up. */
function echoSession(poolSize: number): { session: EncodingSession; sent: ArrayBuffer[] } {
  const sent: ArrayBuffer[] = [];
  const returned: ArrayBuffer[] = [];
  const session: EncodingSession = new EncodingSession(
    1,
    { besidePath: '', width: 8, height: 4, fps: 10, paletteFrames: 2, poolSize, channels: 3 },
    (message: ToWorker) => {
      if (message.type !== 'frame') return;
      sent.push(message.buffer);
      returned.push(message.buffer);
    },
    () => () => {},
    () => {
      for (const buffer of returned.splice(0)) session.pool.release(new Uint8Array(buffer));
    },
  );
  return { session, sent };
}

describe('buffer reuse', () => {
  it('the buffer back last is reused before the spare ones the worker made ahead', () => {
    const { session, sent } = echoSession(8);
    // six spare buffers, as the worker's pre-allocated ones arrive
    session.pool.expect(6);
    const spares = Array.from({ length: 6 }, () => new Uint8Array(8 * 4 * 3));
    for (const spare of spares) session.pool.adopt(spare);
    const used = new Set<ArrayBuffer>();
    for (let i = 0; i < 50; i++) {
      const buffer = session.tryAcquire();
      expect(buffer).not.toBeNull();
      used.add((buffer as Uint8Array).buffer as ArrayBuffer);
      session.send(buffer as Uint8Array, 3);
    }
    expect(sent).toHaveLength(50);
    // one buffer goes round and round; the spares stay cold and unused
    expect(used.size).toBe(1);
    expect(session.pool.allocatedHere).toBe(0);
  });

  it('buffers expected from the worker never push the pool past its capacity, nor are waited for', () => {
    const pool = new BufferPool(16, 4);
    expect(pool.expect(3)).toBe(3);
    // the training thread needs buffers before the worker's arrive: it makes them instead of waiting
    const mine = [pool.allocate(), pool.allocate(), pool.allocate(), pool.allocate()];
    expect(mine.every((buffer) => buffer instanceof Uint8Array)).toBe(true);
    expect(pool.allocate()).toBeNull(); // the capacity is reached
    for (let i = 0; i < 3; i++) pool.adopt(new Uint8Array(16)); // late: dropped, not pooled
    expect(pool.size).toBe(4);
    expect(pool.ready).toBe(0);
    // a frame with more channels than the first gets a larger buffer in place of a pooled one
    const larger = pool.fit(mine[0] as Uint8Array, 24);
    expect(larger.byteLength).toBe(24);
    expect(pool.byteLength).toBe(24);
    expect(pool.fit(larger, 12)).toBe(larger);
  });
});
