import { Writer } from 'protobufjs/light.js';
import { describe, expect, it } from 'vitest';
import { decodeEvent, type EventSink } from '../src/index.js';
import { eventReader } from '../src/tensorboard/event.js';

// Wire-level builders for the edge cases the Python oracle does not write (field numbers of event.proto,
// summary.proto and tensor.proto).
const bytes = (field: number, payload: Uint8Array) =>
  Writer.create()
    .uint32((field << 3) | 2)
    .bytes(payload)
    .finish();
const concat = (...parts: Uint8Array[]) => Buffer.concat(parts);

function tensor(dtype: number, dims: number[], content: Uint8Array): Uint8Array {
  const shape = concat(...dims.map((size) => bytes(2, Writer.create().uint32(8).int64(size).finish())));
  return concat(Writer.create().uint32(8).int32(dtype).finish(), bytes(2, shape), bytes(4, content));
}

function metadata(plugin: string, dataClass = 0): Uint8Array {
  const pluginData = bytes(1, Writer.create().uint32(10).string(plugin).finish());
  return bytes(
    9,
    concat(
      plugin ? pluginData : new Uint8Array(),
      dataClass ? Writer.create().uint32(32).int32(dataClass).finish() : new Uint8Array(),
    ),
  );
}

function event(step: number, ...values: Uint8Array[]): Buffer {
  const head = Writer.create()
    .uint32(9)
    .double(100 + step)
    .uint32(16)
    .int64(step)
    .finish();
  return concat(head, bytes(5, concat(...values.map((value) => bytes(1, value)))));
}

function value(tag: string, ...parts: Uint8Array[]): Uint8Array {
  return concat(Writer.create().uint32(10).string(tag).finish(), ...parts);
}

function decodeAll(events: Buffer[]) {
  const scalars: [string, number, number, boolean][] = [];
  const skipped: [string, string, string | undefined][] = [];
  const sink: EventSink = {
    scalar: (tag, step, _wall, v, float32) => scalars.push([tag, step, v, float32]),
    skipped: (kind, tag, why) => skipped.push([kind, tag, why]),
  };
  const plugins = new Map<string, string>();
  for (const data of events) decodeEvent(eventReader(data), 0, data.length, plugins, sink);
  return { scalars, skipped };
}

const f32 = (v: number) => Buffer.from(new Float32Array([v]).buffer);
const f64 = (v: number) => Buffer.from(new Float64Array([v]).buffer);

describe('Event decoding', () => {
  it('remembers a tag plugin from its first value (TF writes metadata once) and a zero simple_value is a value', () => {
    const { scalars, skipped } = decodeAll([
      event(1, value('loss', metadata('scalars'), bytes(8, tensor(1, [], f32(0.5))))),
      event(2, value('loss', bytes(8, tensor(1, [], f32(0.25))))),
      event(3, value('text', metadata('text'), bytes(8, tensor(7, [], Buffer.from('hi'))))),
      event(4, value('text', bytes(8, tensor(7, [], Buffer.from('again'))))),
      event(5, value('zero', Writer.create().uint32(21).float(0).finish())),
    ]);
    expect(scalars).toEqual([
      ['loss', 1, 0.5, true],
      ['loss', 2, 0.25, true],
      ['zero', 5, 0, true],
    ]);
    expect(skipped).toEqual([
      ['text', 'text', undefined],
      ['text', 'text', undefined],
    ]);
  });

  it('a scalar by data class, a double from tensor_content; non-scalar shapes and other dtypes are named', () => {
    const { scalars, skipped } = decodeAll([
      event(1, value('lr', metadata('', 1), bytes(8, tensor(2, [1], f64(1 / 3))))),
      event(2, value('vec', bytes(8, tensor(1, [3], Buffer.concat([f32(1), f32(2), f32(3)]))))),
      event(3, value('count', bytes(8, tensor(3, [], Buffer.from([1, 0, 0, 0]))))),
      event(4, value('hparams', metadata('hparams'), bytes(8, tensor(1, [], f32(1))))),
    ]);
    expect(scalars).toEqual([['lr', 1, 1 / 3, false]]);
    expect(skipped).toEqual([
      ['tensors', 'vec', 'a tensor of 3 elements, not a scalar'],
      ['tensors', 'count', 'dtype 3, expected DT_FLOAT (1) or DT_DOUBLE (2)'],
      ['hparams', 'hparams', undefined],
    ]);
  });

  it('a step beyond 32 bits keeps its value', () => {
    const { scalars } = decodeAll([
      event(2 ** 40 + 3, value('x', Writer.create().uint32(21).float(1).finish())),
    ]);
    expect(scalars[0]?.[1]).toBe(2 ** 40 + 3);
  });
});
