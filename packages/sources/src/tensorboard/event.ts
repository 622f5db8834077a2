import { Reader, Root } from 'protobufjs/light.js';

/**
 * The parts of TensorFlow's Event, Summary and TensorProto messages (tensorflow/core/util/event.proto,
 * framework/summary.proto, framework/tensor.proto; same field numbers) that scalars need. Images,
 * histograms and audio are declared as bytes so they are skipped over, never decoded.
 */
const MESSAGES = {
  Event: {
    fields: {
      wallTime: { type: 'double', id: 1 },
      step: { type: 'int64', id: 2 },
      fileVersion: { type: 'string', id: 3 },
      graphDef: { type: 'bytes', id: 4 },
      summary: { type: 'Summary', id: 5 },
      sessionLog: { type: 'SessionLog', id: 6 },
      taggedRunMetadata: { type: 'bytes', id: 8 },
      metaGraphDef: { type: 'bytes', id: 9 },
    },
  },
  SessionLog: { fields: { status: { type: 'int32', id: 1 } } },
  Summary: { fields: { value: { rule: 'repeated', type: 'Value', id: 1 } } },
  Value: {
    fields: {
      tag: { type: 'string', id: 1 },
      simpleValue: { type: 'float', id: 2 },
      obsoleteOldStyleHistogram: { type: 'bytes', id: 3 },
      image: { type: 'bytes', id: 4 },
      histo: { type: 'bytes', id: 5 },
      audio: { type: 'bytes', id: 6 },
      tensor: { type: 'TensorProto', id: 8 },
      metadata: { type: 'SummaryMetadata', id: 9 },
    },
  },
  SummaryMetadata: {
    fields: {
      pluginData: { type: 'PluginData', id: 1 },
      dataClass: { type: 'int32', id: 4 },
    },
  },
  PluginData: { fields: { pluginName: { type: 'string', id: 1 }, content: { type: 'bytes', id: 2 } } },
  // tensorboard/plugins/hparams/plugin_data.proto: what torch's add_hparams and TF's hp.hparams write
  HParamsPluginData: { fields: { sessionStartInfo: { type: 'SessionStartInfo', id: 3 } } },
  SessionStartInfo: {
    fields: {
      hparams: { keyType: 'string', type: 'HParamValue', id: 1 },
      groupName: { type: 'string', id: 4 },
    },
  },
  // google.protobuf.Value, the kinds a hyper-parameter takes
  HParamValue: {
    fields: {
      numberValue: { type: 'double', id: 2 },
      stringValue: { type: 'string', id: 3 },
      boolValue: { type: 'bool', id: 4 },
    },
  },
  TensorProto: {
    fields: {
      dtype: { type: 'int32', id: 1 },
      tensorShape: { type: 'TensorShapeProto', id: 2 },
      tensorContent: { type: 'bytes', id: 4 },
      floatVal: { rule: 'repeated', type: 'float', id: 5 },
      doubleVal: { rule: 'repeated', type: 'double', id: 6 },
    },
  },
  TensorShapeProto: { fields: { dim: { rule: 'repeated', type: 'Dim', id: 2 } } },
  Dim: { fields: { size: { type: 'int64', id: 1 } } },
};
// Edition 2023: explicit field presence (as in proto2), so a simple_value of 0 is a value, not "no value".
// (protobufjs reads `edition` from JSON descriptors; its INamespace type does not list it yet.)
const root = Root.fromJSON({
  edition: '2023',
  nested: Object.fromEntries(
    Object.entries(MESSAGES).map(([name, message]) => [name, { edition: '2023', ...message }]),
  ),
} as Parameters<typeof Root.fromJSON>[0]);
const EventType = root.lookupType('Event');
const HParamsType = root.lookupType('HParamsPluginData');

const DT_FLOAT = 1;
const DT_DOUBLE = 2;
const DATA_CLASS_SCALAR = 1;

type Int64 = number | { toNumber(): number };
interface Dim {
  size?: Int64;
}
interface TensorProto {
  dtype?: number;
  tensorShape?: { dim?: Dim[] };
  tensorContent?: Uint8Array;
  floatVal?: number[];
  doubleVal?: number[];
}
interface Value {
  tag?: string;
  simpleValue?: number;
  obsoleteOldStyleHistogram?: Uint8Array;
  image?: Uint8Array;
  histo?: Uint8Array;
  audio?: Uint8Array;
  tensor?: TensorProto;
  metadata?: { pluginData?: { pluginName?: string; content?: Uint8Array }; dataClass?: number };
}
interface Event {
  wallTime?: number;
  step?: Int64;
  fileVersion?: string;
  sessionLog?: { status?: number };
  summary?: { value?: Value[] };
}

/** What the reader does with each decoded summary value. */
export interface EventSink {
  /** A scalar; `float32` when it was stored as a float32 (simple_value, DT_FLOAT). */
  scalar(tag: string, step: number, wallTime: number, value: number, float32: boolean): void;
  /** A value that is not a scalar (`kind`: histograms, images, text, audio, …), or a scalar it cannot read. */
  skipped(kind: string, tag: string, why?: string): void;
  /** The hyper-parameters of a session (hparams plugin's session_start_info), name → value. */
  hparams?(values: Record<string, number | string | boolean>): void;
  /** A SessionLog START: the writer (re)started at `step`; TensorBoard purges what was logged at or after it. */
  sessionStart?(step: number, wallTime: number): void;
  /** The file's `file_version` record (`brain.Event:2`): it decides TensorBoard's restart rule. */
  fileVersion?(version: number): void;
  /** An event with a summary, before its values: its step and tags (TensorBoard's out-of-order check). */
  summary?(step: number, tags: () => string[]): void;
}

/** SessionLog.SessionStatus.START (tensorflow/core/util/event.proto). */
const SESSION_START = 1;

/**
 * A protobuf reader over a whole event file, so each record is decoded in place. A plain Uint8Array
 * view, because protobufjs reads a Buffer's strings through a native call per tag (10 % slower here).
 */
export function eventReader(bytes: Uint8Array): Reader {
  const reader = Reader.create(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  // Fields we do not declare (graph internals, run metadata) are skipped, not copied into $unknowns.
  (reader as Reader & { discardUnknown: boolean }).discardUnknown = true;
  return reader;
}

/**
 * Decodes the Event record at `reader`'s bytes [start, end) and hands its scalars to `sink`. `plugins`
 * remembers each tag's plugin: TensorFlow writes a tag's metadata only with its first value.
 */
export function decodeEvent(
  reader: Reader,
  start: number,
  end: number,
  plugins: Map<string, string>,
  sink: EventSink,
): void {
  reader.pos = start;
  const event = EventType.decode(reader, end - start) as unknown as Event;
  // event_util.ParseFileVersion: "brain.Event:2" -> 2
  if (Object.hasOwn(event, 'fileVersion'))
    sink.fileVersion?.(Number((event.fileVersion ?? '').split(':').pop()) || 0);
  const values = event.summary?.value;
  if (!values) {
    if (event.sessionLog?.status === SESSION_START)
      sink.sessionStart?.(toNumber(event.step ?? 0), event.wallTime ?? 0);
    return;
  }
  const step = toNumber(event.step ?? 0);
  const wallTime = event.wallTime ?? 0;
  // the tags only when a purge needs them: a million events should not build a million arrays
  sink.summary?.(step, () => values.map((value) => value.tag ?? ''));
  for (const value of values) {
    const tag = value.tag ?? '';
    const pluginData = value.metadata?.pluginData;
    if (pluginData?.pluginName === 'hparams' && pluginData.content?.length && sink.hparams) {
      const start = (HParamsType.decode(pluginData.content) as unknown as HParamsData).sessionStartInfo;
      if (start?.hparams) sink.hparams(hparamValues(start.hparams));
    }
    let plugin = plugins.get(tag);
    if (plugin === undefined && value.metadata) {
      const { pluginData, dataClass } = value.metadata;
      plugin = pluginData?.pluginName || (dataClass === DATA_CLASS_SCALAR ? 'scalars' : '');
      plugins.set(tag, plugin);
    }
    // Presence, not truthiness: protobufjs puts defaults (0, an empty byte array) on the prototype.
    if (Object.hasOwn(value, 'simpleValue'))
      sink.scalar(tag, step, wallTime, value.simpleValue as number, true);
    else if (Object.hasOwn(value, 'tensor'))
      tensorValue(tag, step, wallTime, value.tensor as TensorProto, plugin ?? '', sink);
    else if (Object.hasOwn(value, 'histo') || Object.hasOwn(value, 'obsoleteOldStyleHistogram'))
      sink.skipped('histograms', tag);
    else if (Object.hasOwn(value, 'image')) sink.skipped('images', tag);
    else if (Object.hasOwn(value, 'audio')) sink.skipped('audio', tag);
  }
}

function tensorValue(
  tag: string,
  step: number,
  wallTime: number,
  tensor: TensorProto,
  plugin: string,
  sink: EventSink,
): void {
  if (plugin !== '' && plugin !== 'scalars') {
    sink.skipped(plugin, tag);
    return;
  }
  const dims = tensor.tensorShape?.dim ?? [];
  const elements = dims.reduce((count, dim) => count * toNumber(dim.size ?? 0), 1);
  if (elements !== 1) {
    sink.skipped('tensors', tag, `a tensor of ${elements} elements, not a scalar`);
    return;
  }
  const content = Object.hasOwn(tensor, 'tensorContent') ? tensor.tensorContent : undefined;
  if (tensor.dtype === DT_FLOAT) {
    if (tensor.floatVal?.length) sink.scalar(tag, step, wallTime, tensor.floatVal[0] as number, true);
    else if (content?.length === 4) sink.scalar(tag, step, wallTime, view(content).getFloat32(0, true), true);
    else sink.skipped('tensors', tag, 'a DT_FLOAT tensor without its value');
  } else if (tensor.dtype === DT_DOUBLE) {
    if (tensor.doubleVal?.length) sink.scalar(tag, step, wallTime, tensor.doubleVal[0] as number, false);
    else if (content?.length === 8)
      sink.scalar(tag, step, wallTime, view(content).getFloat64(0, true), false);
    else sink.skipped('tensors', tag, 'a DT_DOUBLE tensor without its value');
  } else {
    sink.skipped('tensors', tag, `dtype ${tensor.dtype ?? 0}, expected DT_FLOAT (1) or DT_DOUBLE (2)`);
  }
}

interface HParamsData {
  sessionStartInfo?: {
    hparams?: Record<string, { numberValue?: number; stringValue?: string; boolValue?: boolean }>;
  };
}

function hparamValues(
  raw: NonNullable<NonNullable<HParamsData['sessionStartInfo']>['hparams']>,
): Record<string, number | string | boolean> {
  const out: Record<string, number | string | boolean> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (Object.hasOwn(value, 'numberValue')) out[name] = value.numberValue as number;
    else if (Object.hasOwn(value, 'stringValue')) out[name] = value.stringValue as string;
    else if (Object.hasOwn(value, 'boolValue')) out[name] = value.boolValue as boolean;
  }
  return out;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function toNumber(value: Int64): number {
  return typeof value === 'number' ? value : value.toNumber();
}
