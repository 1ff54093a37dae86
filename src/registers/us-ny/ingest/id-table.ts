/**
 * A set of snapshot ids (numbers below 2^32 - 1, see isIngestibleDosId) with a small count for each: open
 * addressing over typed arrays. A Map of 4.3 million entries costs the streamed first load a tenth of its time in
 * hashing and garbage collection; this costs two array reads per lookup and 5 bytes per slot.
 */
export class IdTable {
  private keys: Uint32Array;
  private counts: Uint8Array;
  private used = 0;

  constructor(expected = 1 << 16) {
    let capacity = 1 << 4;
    while (capacity < expected * 2) capacity <<= 1;
    this.keys = new Uint32Array(capacity);
    this.counts = new Uint8Array(capacity);
  }

  get size(): number {
    return this.used;
  }

  /** The id's count, or -1 when the table does not hold it. */
  get(id: number): number {
    const slot = this.slotOf(id);
    return this.keys[slot] === 0 ? -1 : this.counts[slot]!;
  }

  has(id: number): boolean {
    return this.get(id) >= 0;
  }

  /** Holds the id with this count (0 to 255). */
  set(id: number, count: number): void {
    let slot = this.slotOf(id);
    if (this.keys[slot] === 0) {
      if ((this.used + 1) * 2 > this.keys.length) {
        this.grow();
        slot = this.slotOf(id);
      }
      this.keys[slot] = id + 1;
      this.used++;
    }
    this.counts[slot] = count;
  }

  /** The slot holding the id, or the empty slot where it would go. Keys are stored plus one: 0 marks empty. */
  private slotOf(id: number): number {
    const mask = this.keys.length - 1;
    const stored = id + 1;
    // Fibonacci hashing spreads ids that are consecutive (most of a register's are).
    let slot = (Math.imul(stored, 0x9e3779b1) >>> 0) & mask;
    for (;;) {
      const k = this.keys[slot]!;
      if (k === 0 || k === stored) return slot;
      slot = (slot + 1) & mask;
    }
  }

  private grow(): void {
    const { keys, counts } = this;
    this.keys = new Uint32Array(keys.length * 2);
    this.counts = new Uint8Array(keys.length * 2);
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === 0) continue;
      const slot = this.slotOf(keys[i]! - 1);
      this.keys[slot] = keys[i]!;
      this.counts[slot] = counts[i]!;
    }
  }
}
