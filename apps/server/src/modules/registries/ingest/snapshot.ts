/**
 * A compact binary snapshot of a registry's DebtColumns (and of a lot assignment), stored as bytea on the
 * procedure so reloting reads one value instead of a million rows. Layout: a 4-byte length, a JSON header
 * (count, string tables, each array's name, type and byte length), then the arrays' bytes, 8-byte aligned.
 */
import type { DebtColumns } from '@etp/domain';

type TypedArray = Float64Array | Int32Array | Uint8Array | Uint32Array | Uint16Array;
const CONSTRUCTORS = { Float64Array, Int32Array, Uint8Array, Uint32Array, Uint16Array } as const;
type TypeName = keyof typeof CONSTRUCTORS;

interface Header {
  count: number;
  strings: DebtColumns['strings'];
  arrays: { name: string; type: TypeName; bytes: number }[];
}

const align = (n: number) => Math.ceil(n / 8) * 8;

/**
 * The snapshot as consecutive pieces of at most `maxBytes` (views of the columns, not copies, but for the header
 * and the zero padding): a million debts are a 72 MB snapshot, which as one base64 parameter was 72 MB of Buffer,
 * 96 MB of string and the driver's message besides (decisions/0051).
 */
export function* columnsPieces(columns: DebtColumns, maxBytes = 4 << 20): Generator<Uint8Array> {
  const arrays: [string, TypedArray][] = [];
  for (const [name, value] of Object.entries(columns)) {
    if (ArrayBuffer.isView(value)) arrays.push([name, value as TypedArray]);
  }
  const header: Header = {
    count: columns.count,
    strings: columns.strings,
    arrays: arrays.map(([name, a]) => ({ name, type: a.constructor.name as TypeName, bytes: a.byteLength })),
  };
  const json = Buffer.from(JSON.stringify(header));
  const head = Buffer.alloc(align(4 + json.length));
  head.writeUInt32LE(json.length, 0);
  json.copy(head, 4);
  yield head;
  for (const [, a] of arrays) {
    const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let at = 0; at < bytes.length; at += maxBytes)
      yield bytes.subarray(at, Math.min(bytes.length, at + maxBytes));
    const padding = align(a.byteLength) - a.byteLength;
    if (padding > 0) yield new Uint8Array(padding);
  }
}

export function encodeColumns(columns: DebtColumns): Buffer {
  return Buffer.concat([...columnsPieces(columns)]);
}

export function decodeColumns(bytes: Buffer): DebtColumns {
  const length = bytes.readUInt32LE(0);
  const header = JSON.parse(bytes.toString('utf8', 4, 4 + length)) as Header;
  // One aligned copy, so every typed array views it without further copies.
  const body = new Uint8Array(bytes.length);
  body.set(bytes);
  const out: Record<string, unknown> = { count: header.count, strings: header.strings };
  let offset = align(4 + length);
  for (const { name, type, bytes: size } of header.arrays) {
    const Type = CONSTRUCTORS[type];
    out[name] = new Type(body.buffer, offset, size / Type.BYTES_PER_ELEMENT);
    offset += align(size);
  }
  return out as unknown as DebtColumns;
}

export function encodeAssignment(assignment: Int32Array): Buffer {
  return Buffer.from(assignment.buffer, assignment.byteOffset, assignment.byteLength);
}

export function decodeAssignment(bytes: Buffer): Int32Array {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new Int32Array(copy.buffer, 0, bytes.length / 4);
}
