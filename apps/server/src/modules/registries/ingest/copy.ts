/**
 * PostgreSQL's COPY text format written straight into bytes: fields separated by tabs, rows ended by newlines,
 * `\N` for null, and backslash, tab, newline and carriage return escaped with a backslash. Writing bytes, not
 * strings, leaves no per-value strings and arrays for the GC: a batch is one buffer (decisions/0051).
 */
const TAB = 9;
const NEWLINE = 10;
const BACKSLASH = 92;
/** Texts that repeat (product types, stages, creditors, flags as JSON) are encoded once. */
const CACHED_TEXTS = 4096;
const CACHED_LENGTH = 64;

export class CopyTextBuffer {
  private bytes: Buffer;
  private at = 0;
  private field = 0;
  private readonly encoded = new Map<string, Buffer>();

  constructor(initialBytes = 1 << 16) {
    this.bytes = Buffer.allocUnsafe(Math.max(64, initialBytes));
  }

  get length(): number {
    return this.at;
  }

  private ensure(more: number): void {
    if (this.at + more <= this.bytes.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.at + more));
    this.bytes.copy(next, 0, 0, this.at);
    this.bytes = next;
  }

  private separate(): void {
    if (this.field++ > 0) this.bytes[this.at++] = TAB;
  }

  private writeNull(): void {
    this.bytes[this.at++] = BACKSLASH;
    this.bytes[this.at++] = 78; // N
  }

  /** An integer (a safe integer; anything else is written as JavaScript prints it), or null. */
  int(value: number | null | undefined): void {
    this.ensure(32);
    this.separate();
    if (value === null || value === undefined) {
      this.writeNull();
      return;
    }
    if (!Number.isInteger(value) || Math.abs(value) >= 2 ** 31) {
      this.at += this.bytes.write(String(value), this.at, 'latin1');
      return;
    }
    let v = value;
    if (v < 0) {
      this.bytes[this.at++] = 45; // -
      v = -v;
    }
    let digits = 1;
    for (let x = v; x >= 10; x = (x / 10) | 0) digits++;
    for (let i = this.at + digits - 1; i >= this.at; i--) {
      this.bytes[i] = 48 + (v % 10);
      v = (v / 10) | 0;
    }
    this.at += digits;
  }

  /** A text, escaped, or null; `repeats`: a value that comes back often (its bytes are kept). */
  text(value: string | null | undefined, repeats = false): void {
    if (value === null || value === undefined) {
      this.ensure(3);
      this.separate();
      this.writeNull();
      return;
    }
    const cached = repeats ? this.encoded.get(value) : undefined;
    if (cached !== undefined) {
      this.ensure(cached.length + 1);
      this.separate();
      // A loop: Buffer#copy costs more than it moves for a few dozen bytes.
      const bytes = this.bytes;
      let at = this.at;
      for (let i = 0; i < cached.length; i++) bytes[at++] = cached[i]!;
      this.at = at;
      return;
    }
    // At most 3 bytes a UTF-16 code unit in UTF-8, doubled by escapes only for ASCII.
    this.ensure(value.length * 3 + 1);
    this.separate();
    const start = this.at;
    let ascii = true;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c >= 0x80) {
        ascii = false;
        break;
      }
      if (c === BACKSLASH || c === TAB || c === NEWLINE || c === 13) {
        this.bytes[this.at++] = BACKSLASH;
        this.bytes[this.at++] = c === BACKSLASH ? BACKSLASH : c === TAB ? 116 : c === NEWLINE ? 110 : 114;
      } else {
        this.bytes[this.at++] = c;
      }
    }
    if (!ascii) {
      this.at = start;
      this.at += this.bytes.write(escapeCopyText(value), this.at, 'utf8');
    }
    if (repeats && value.length <= CACHED_LENGTH && this.encoded.size < CACHED_TEXTS) {
      this.encoded.set(value, Buffer.from(this.bytes.subarray(start, this.at)));
    }
  }

  /** Ends the row. */
  endRow(): void {
    this.ensure(1);
    this.bytes[this.at++] = NEWLINE;
    this.field = 0;
  }

  /** The rows written so far (a view); the buffer starts empty again, keeping the cache of repeated texts. */
  take(): Buffer {
    const out = this.bytes.subarray(0, this.at);
    this.bytes = Buffer.allocUnsafe(this.bytes.length);
    this.at = 0;
    this.field = 0;
    return out;
  }
}

export const escapeCopyText = (value: string) =>
  value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
