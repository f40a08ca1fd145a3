/**
 * The contract ids seen so far and the row of each: an open-addressing hash table of (32-bit string hash, entry)
 * pairs in one Int32Array; the ids' bytes are copied into fixed-size chunks, one after another, and each entry keeps
 * where its id ends and its row. An id is compared only when the full hash matches, so the answer is exact. As
 * strings a million ids were 60 MB more of old-space objects that every full GC walked and that V8 sized the heap
 * after (decisions/0051).
 *
 * Each UTF-16 code unit is kept in one to three bytes, as UTF-8 writes it (a lone surrogate too, in three): a
 * prefix code, so two ids are equal exactly when their bytes are. A bank's "КД-2015/00000001" takes 18 bytes instead
 * of 32 as code units, and a million such ids 14 MB less of the file worker's peak (decisions/0285).
 */
export class ContractIdIndex {
  /** Chunk sizes as powers of two: 2 MB of bytes, 64k entries (smaller in tests, to cross boundaries). */
  constructor(
    private readonly bytesShift = 21,
    private readonly entryShift = 16,
  ) {}

  private capacity = 1 << 12;
  /** Pairs [hash, entry + 1]; hash 0 = an empty slot (hashes are forced odd). */
  private table = new Int32Array(this.capacity * 2);
  /** The bytes of every id in arrival order, in chunks (an id may run into the next chunk). */
  private readonly bytes: Uint8Array[] = [];
  private byteCount = 0;
  /** Per entry, in chunks: where its id ends in `bytes` (it starts where the previous one ends). */
  private readonly ends: Float64Array[] = [];
  private readonly rows: Int32Array[] = [];
  private count = 0;
  /** The id being looked up, as bytes (`encode`): compared with stored ids and appended from here. */
  private scratch = new Uint8Array(256);

  /** Records `id` at `row`; returns the row where it first appeared, or 0 when it is new. */
  firstRowOrAdd(id: string, row: number): number {
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
    // murmur3's finaliser spreads the low bits, which index the table (FNV alone clusters on 'КД-1', 'КД-2'…).
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h = (h ^ (h >>> 16)) | 1;
    const length = this.encode(id);
    const table = this.table;
    const mask = this.capacity - 1;
    let slot = h & mask;
    for (;;) {
      const at = table[slot * 2]!;
      if (at === 0) break;
      if (at === h) {
        const entry = table[slot * 2 + 1]! - 1;
        if (this.idEquals(entry, length))
          return this.rows[entry >>> this.entryShift]![entry & ((1 << this.entryShift) - 1)]!;
      }
      slot = (slot + 1) & mask;
    }
    const entry = this.count++;
    table[slot * 2] = h;
    table[slot * 2 + 1] = entry + 1;
    this.append(length);
    const offset = entry & ((1 << this.entryShift) - 1);
    if (offset === 0) {
      this.ends.push(new Float64Array(1 << this.entryShift));
      this.rows.push(new Int32Array(1 << this.entryShift));
    }
    this.ends[entry >>> this.entryShift]![offset] = this.byteCount;
    this.rows[entry >>> this.entryShift]![offset] = row;
    if ((entry + 1) * 2 > this.capacity) this.grow();
    return 0;
  }

  private endOf(entry: number): number {
    return entry < 0 ? 0 : this.ends[entry >>> this.entryShift]![entry & ((1 << this.entryShift) - 1)]!;
  }

  /** Writes `id` into `scratch` (encodeCodeUnits); returns the length in bytes. */
  private encode(id: string): number {
    if (this.scratch.length < id.length * 3) this.scratch = new Uint8Array(id.length * 3);
    return encodeCodeUnits(id, this.scratch);
  }

  /** Appends the `length` bytes of `scratch` to the stored ids. */
  private append(length: number): void {
    const mask = (1 << this.bytesShift) - 1;
    for (let i = 0; i < length; i++, this.byteCount++) {
      const chunk = this.byteCount >>> this.bytesShift;
      if (chunk === this.bytes.length) this.bytes.push(new Uint8Array(1 << this.bytesShift));
      this.bytes[chunk]![this.byteCount & mask] = this.scratch[i]!;
    }
  }

  /** Whether the stored id of `entry` is the `length` bytes of `scratch`. */
  private idEquals(entry: number, length: number): boolean {
    const start = this.endOf(entry - 1);
    if (this.endOf(entry) - start !== length) return false;
    const mask = (1 << this.bytesShift) - 1;
    for (let i = 0; i < length; i++) {
      const position = start + i;
      if (this.bytes[position >>> this.bytesShift]![position & mask] !== this.scratch[i]) return false;
    }
    return true;
  }

  private grow(): void {
    const old = this.table;
    this.capacity *= 2;
    this.table = new Int32Array(this.capacity * 2);
    const mask = this.capacity - 1;
    for (let i = 0; i < old.length; i += 2) {
      const h = old[i]!;
      if (h === 0) continue;
      let slot = h & mask;
      while (this.table[slot * 2] !== 0) slot = (slot + 1) & mask;
      this.table[slot * 2] = h;
      this.table[slot * 2 + 1] = old[i + 1]!;
    }
  }
}

/**
 * Writes each UTF-16 code unit of `id` into `out` (at least 3 bytes a unit) as UTF-8 writes a character of its value:
 * 1 byte below 0x80, 2 below 0x800, else 3 (a lone surrogate too). A prefix code: two strings have the same bytes
 * exactly when they are equal. Returns the length in bytes.
 */
export function encodeCodeUnits(id: string, out: Uint8Array): number {
  let at = 0;
  for (let i = 0; i < id.length; i++) {
    const unit = id.charCodeAt(i);
    if (unit < 0x80) {
      out[at++] = unit;
    } else if (unit < 0x800) {
      out[at++] = 0xc0 | (unit >> 6);
      out[at++] = 0x80 | (unit & 0x3f);
    } else {
      out[at++] = 0xe0 | (unit >> 12);
      out[at++] = 0x80 | ((unit >> 6) & 0x3f);
      out[at++] = 0x80 | (unit & 0x3f);
    }
  }
  return at;
}
