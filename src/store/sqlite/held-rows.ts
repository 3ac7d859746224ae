import type { Row, SqlValue } from './engine.js';

/**
 * The result of one query (column names and every row's values, as sql.js returned them), kept as
 * one compact blob: numbers in typed arrays, text as positions in a table of the distinct strings
 * spelled once. Reading a large result back from it costs a fraction of running the query through
 * sql.js, which crosses into WebAssembly for every value (typeorm's 32K module links: ~250 ms as
 * rows). Values come back exactly as stored: the same numbers, strings and nulls in the same order.
 */
export class HeldRows {
  /** Each column's value at a row. */
  private readonly getters: ((row: number) => SqlValue)[];

  private constructor(
    readonly names: readonly string[],
    readonly count: number,
    columns: readonly Column[],
  ) {
    this.getters = columns.map(getter);
  }

  /** Calls `fn` with each row's values, as sql.js's `Statement.get()` gives them (a fresh array per row). */
  forEach(fn: (values: SqlValue[]) => void): void {
    const { getters } = this;
    for (let row = 0; row < this.count; row++) fn(getters.map((get) => get(row)));
  }

  /** Each row mapped by `map`, which sees one Row object (by column name) refilled for every row, as SqlRunner.rows reads them. */
  map<T>(map: (row: Row) => T): T[] {
    const { getters, names } = this;
    const out: T[] = [];
    const row: Row = {};
    for (let at = 0; at < this.count; at++) {
      for (let c = 0; c < getters.length; c++) row[names[c]!] = getters[c]!(at);
      out.push(map(row));
    }
    return out;
  }

  static encode(names: readonly string[], rows: readonly (readonly SqlValue[])[]): Uint8Array {
    const writer = new SectionWriter();
    const strings = new StringTable();
    const columns = names.map((_, c) => encodeColumn(rows, c, strings, writer));
    const table = strings.encode(writer);
    const header: Header = { names: [...names], count: rows.length, columns, strings: table, sections: writer.offsets };
    return writer.finish(Buffer.from(JSON.stringify(header), 'utf8'));
  }

  static decode(bytes: Uint8Array): HeldRows {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const headerBytes = view.getUint32(0, true);
    const header = JSON.parse(utf8(bytes.subarray(4, 4 + headerBytes))) as Header;
    const base = align(4 + headerBytes);
    const section = (i: number): Uint8Array => {
      const [offset, length] = header.sections[i]!;
      return bytes.subarray(base + offset, base + offset + length);
    };
    const strings = decodeStrings(header.strings, section);
    const columns = header.columns.map((c) => decodeColumn(c, section, strings, header.count));
    return new HeldRows(header.names, header.count, columns);
  }
}

/** How a column is stored; `values` (and `nulls`, `lengths`, `text`) are section numbers. */
type ColumnHeader =
  | { type: 'int' | 'float' | 'text'; values: number; nulls?: number }
  | { type: 'json'; values: number };

interface Header {
  names: string[];
  count: number;
  columns: ColumnHeader[];
  /** The distinct strings: their UTF-8 text back to back, and each one's length in UTF-16 units. */
  strings: { text: number; lengths: number };
  /** Each section's [offset, length] in bytes, past the header. */
  sections: [number, number][];
}

type Column =
  | { type: 'int'; values: Int32Array; nulls: Uint8Array | null }
  | { type: 'float'; values: Float64Array; nulls: Uint8Array | null }
  | { type: 'text'; values: Int32Array; strings: readonly string[] }
  | { type: 'json'; values: SqlValue[] };

/** A column's value at a row, by a function made for its type (one switch per column, not per value). */
function getter(column: Column): (row: number) => SqlValue {
  switch (column.type) {
    case 'int':
    case 'float': {
      const { values, nulls } = column;
      return nulls === null ? (row) => values[row]! : (row) => (nulls[row] === 1 ? null : values[row]!);
    }
    case 'text': {
      const { values, strings } = column;
      return (row) => {
        const at = values[row]!;
        return at < 0 ? null : strings[at]!;
      };
    }
    case 'json': {
      const { values } = column;
      return (row) => values[row]!;
    }
  }
}

/** The narrowest exact encoding of a column: 32-bit integers, doubles, strings, or (mixed types) JSON. */
function encodeColumn(rows: readonly (readonly SqlValue[])[], c: number, strings: StringTable, writer: SectionWriter): ColumnHeader {
  let ints = true;
  let numbers = true;
  let texts = true;
  let nulls = false;
  for (const row of rows) {
    const v = row[c];
    if (v === null || v === undefined) {
      nulls = true;
      continue;
    }
    if (typeof v === 'number') {
      texts = false;
      // `v | 0` is v exactly for a 32-bit integer (and 0 for -0, which only a double keeps).
      if (ints && ((v | 0) !== v || Object.is(v, -0))) ints = false;
    } else if (typeof v === 'string') {
      ints = false;
      numbers = false;
    } else {
      // A blob: no query held in an artifact reads one, and JSON would not give it back.
      throw new Error(`HeldRows: column ${c} holds a ${v.constructor.name}, which is not kept`);
    }
  }
  // Filled by plain loops: TypedArray.from with a mapping function costs several times more.
  const mask = (): number | undefined => {
    if (!nulls) return undefined;
    const out = new Uint8Array(rows.length);
    for (let i = 0; i < rows.length; i++) if (rows[i]![c] == null) out[i] = 1;
    return writer.add(out);
  };
  if (texts && !(numbers && rows.some((row) => row[c] != null))) {
    const ids = new Int32Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const v = rows[i]![c];
      ids[i] = v == null ? -1 : strings.id(v as string);
    }
    return { type: 'text', values: writer.add(ids) };
  }
  if (ints || numbers) {
    const values = ints ? new Int32Array(rows.length) : new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) values[i] = (rows[i]![c] as number | null) ?? 0;
    return withNulls({ type: ints ? 'int' : 'float', values: writer.add(values) }, mask());
  }
  return { type: 'json', values: writer.add(Buffer.from(JSON.stringify(rows.map((row) => row[c] ?? null)), 'utf8')) };
}

function withNulls(column: { type: 'int' | 'float'; values: number }, nulls: number | undefined): ColumnHeader {
  return nulls === undefined ? column : { ...column, nulls };
}

function decodeColumn(header: ColumnHeader, section: (i: number) => Uint8Array, strings: readonly string[], count: number): Column {
  switch (header.type) {
    case 'int':
      return { type: 'int', values: typed(section(header.values), Int32Array, count), nulls: header.nulls === undefined ? null : section(header.nulls) };
    case 'float':
      return { type: 'float', values: typed(section(header.values), Float64Array, count), nulls: header.nulls === undefined ? null : section(header.nulls) };
    case 'text':
      return { type: 'text', values: typed(section(header.values), Int32Array, count), strings };
    case 'json':
      return { type: 'json', values: JSON.parse(utf8(section(header.values))) as SqlValue[] };
  }
}

/** A typed array over a section: a view where it is aligned (sections are, within the blob), else a copy. */
function typed<T extends Int32Array | Float64Array>(bytes: Uint8Array, Type: { new (buffer: ArrayBufferLike, offset: number, length: number): T; BYTES_PER_ELEMENT: number }, count: number): T {
  if (bytes.byteOffset % Type.BYTES_PER_ELEMENT === 0) return new Type(bytes.buffer, bytes.byteOffset, count);
  const copy = bytes.slice();
  return new Type(copy.buffer, 0, count);
}

/** The distinct strings of a result, each given an id in first-seen order. */
class StringTable {
  private readonly ids = new Map<string, number>();
  private readonly list: string[] = [];

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.list.push(value) - 1;
      this.ids.set(value, id);
    }
    return id;
  }

  /**
   * One UTF-8 text and the UTF-16 length of each string in it: decoding one text and slicing it is
   * far cheaper than decoding each string. Exact for every string sql.js returns: it decodes them
   * from UTF-8, so none holds a lone surrogate (which UTF-8 cannot spell).
   */
  encode(writer: SectionWriter): Header['strings'] {
    return { text: writer.add(Buffer.from(this.list.join(''), 'utf8')), lengths: writer.add(Int32Array.from(this.list, (s) => s.length)) };
  }
}

function decodeStrings(table: Header['strings'], section: (i: number) => Uint8Array): string[] {
  const lengths = section(table.lengths);
  const text = utf8(section(table.text));
  const count = lengths.byteLength / 4;
  const length = typed(lengths, Int32Array, count);
  const out = new Array<string>(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    out[i] = text.slice(at, at + length[i]!);
    at += length[i]!;
  }
  return out;
}

/** Byte sections laid out one after another, each starting on an 8-byte boundary (so typed arrays can view them). */
class SectionWriter {
  readonly offsets: [number, number][] = [];
  private readonly parts: Uint8Array[] = [];
  private size = 0;

  add(data: ArrayBufferView): number {
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    this.offsets.push([this.size, bytes.byteLength]);
    this.parts.push(bytes);
    this.size = align(this.size + bytes.byteLength);
    return this.offsets.length - 1;
  }

  /** The blob: the header's length (4 bytes), the header, padding to 8 bytes, then the sections. */
  finish(header: Uint8Array): Uint8Array {
    const base = align(4 + header.byteLength);
    const out = new Uint8Array(base + this.size);
    new DataView(out.buffer).setUint32(0, header.byteLength, true);
    out.set(header, 4);
    this.parts.forEach((part, i) => out.set(part, base + this.offsets[i]![0]));
    return out;
  }
}

/** UTF-8 bytes as text, read in place. */
function utf8(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

function align(n: number): number {
  return (n + 7) & ~7;
}
