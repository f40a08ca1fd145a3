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
    const table = this.table;
    const mask = this.capacity - 1;
    let slot = h & mask;
    for (;;) {
      const at = table[slot * 2]!;
      if (at === 0) break;
      if (at === h) {
        const entry = table[slot * 2 + 1]! - 1;
        if (this.idEquals(entry, id))
          return this.rows[entry >>> this.entryShift]![entry & ((1 << this.entryShift) - 1)]!;
      }
      slot = (slot + 1) & mask;
    }
    const entry = this.count++;
    table[slot * 2] = h;
    table[slot * 2 + 1] = entry + 1;
    this.append(id);
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

  private append(id: string): void {
    let position = this.byteCount;
    const put = (byte: number) => {
      const chunk = position >>> this.bytesShift;
      if (chunk === this.bytes.length) this.bytes.push(new Uint8Array(1 << this.bytesShift));
      this.bytes[chunk]![position & ((1 << this.bytesShift) - 1)] = byte;
      position++;
    };
    for (let i = 0; i < id.length; i++) encodeUnit(id.charCodeAt(i), put);
    this.byteCount = position;
  }

  private idEquals(entry: number, id: string): boolean {
    let position = this.endOf(entry - 1);
    const end = this.endOf(entry);
    let same = true;
    const next = (byte: number) => {
      if (
        position >= end ||
        this.bytes[position >>> this.bytesShift]![position & ((1 << this.bytesShift) - 1)] !== byte
      ) {
        same = false;
      }
      position++;
    };
    for (let i = 0; i < id.length && same; i++) encodeUnit(id.charCodeAt(i), next);
    return same && position === end;
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

/** One UTF-16 code unit as UTF-8 writes a character of its value: 1 byte below 0x80, 2 below 0x800, else 3. */
function encodeUnit(unit: number, put: (byte: number) => void): void {
  if (unit < 0x80) {
    put(unit);
  } else if (unit < 0x800) {
    put(0xc0 | (unit >> 6));
    put(0x80 | (unit & 0x3f));
  } else {
    put(0xe0 | (unit >> 12));
    put(0x80 | ((unit >> 6) & 0x3f));
    put(0x80 | (unit & 0x3f));
  }
}
