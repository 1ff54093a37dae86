/** A growing array of uint32, trimmed to its length at the end. */
export class U32List {
  private data: Uint32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Uint32Array(Math.max(16, capacity));
  }

  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }

  toArray(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}

/** Strings appended to one UTF-8 buffer, each found again by its offset (millions of small strings off the heap). */
export class TextStore {
  private buf: Buffer;
  private used = 0;
  private readonly offsets: U32List;

  constructor(capacityBytes = 1 << 16, count = 1024) {
    this.buf = Buffer.allocUnsafe(capacityBytes);
    this.offsets = new U32List(count + 1);
    this.offsets.push(0);
  }

  add(text: string): number {
    const need = Buffer.byteLength(text, 'utf8');
    if (this.used + need > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.used + need));
      this.buf.copy(bigger, 0, 0, this.used);
      this.buf = bigger;
    }
    this.buf.write(text, this.used, 'utf8');
    this.used += need;
    this.offsets.push(this.used);
    return this.offsets.length - 2;
  }

  freeze(): FrozenText {
    return new FrozenText(Buffer.from(this.buf.subarray(0, this.used)), this.offsets.toArray());
  }
}

export class FrozenText {
  constructor(
    /** The strings' UTF-8 bytes, end to end. */
    readonly buf: Buffer,
    /** Where each string starts in `buf`, and where the last ends. */
    readonly offsets: Uint32Array,
  ) {}

  get(i: number): string {
    return this.buf.toString('utf8', this.offsets[i], this.offsets[i + 1]);
  }

  get bytes(): number {
    return this.buf.length + this.offsets.byteLength;
  }
}
