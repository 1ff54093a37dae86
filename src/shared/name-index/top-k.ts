/**
 * The `k` best of a stream of scored ids: a bounded min-heap. Highest score first; on a tie the lowest rank (the
 * caller's order of the ids, which Segment.scan meets in rising order, so that a scan can stop on a tie).
 */
export class TopK {
  private readonly ids: number[] = [];
  private readonly scores: number[] = [];
  private readonly ranks: number[] = [];
  private readonly exacts: boolean[] = [];
  private readonly partials: boolean[] = [];
  private readonly members = new Set<number>();

  constructor(private readonly k: number) {}

  get size(): number {
    return this.ids.length;
  }

  get full(): boolean {
    return this.ids.length >= this.k;
  }

  /** The lowest score kept (meaningful once full). */
  get min(): number {
    return this.scores[0] ?? 0;
  }

  /** The rank of the id kept with the lowest score (meaningful once full). */
  get minRank(): number {
    return this.ranks[0] ?? 0;
  }

  has(id: number): boolean {
    return this.members.has(id);
  }

  /** Worse-than: lower score, or equal score and higher rank. */
  private worse(i: number, j: number): boolean {
    const a = this.scores[i]!;
    const b = this.scores[j]!;
    return a < b || (a === b && this.ranks[i]! > this.ranks[j]!);
  }

  offer(id: number, score: number, exact: boolean, partial = false, rank = id): void {
    if (this.k <= 0) return;
    if (this.ids.length < this.k) {
      this.ids.push(id);
      this.scores.push(score);
      this.ranks.push(rank);
      this.exacts.push(exact);
      this.partials.push(partial);
      this.members.add(id);
      this.up(this.ids.length - 1);
      return;
    }
    const rootScore = this.scores[0]!;
    if (score < rootScore || (score === rootScore && rank > this.ranks[0]!)) return;
    this.members.delete(this.ids[0]!);
    this.ids[0] = id;
    this.scores[0] = score;
    this.ranks[0] = rank;
    this.exacts[0] = exact;
    this.partials[0] = partial;
    this.members.add(id);
    this.down(0);
  }

  /** What is kept, in no order. */
  entries(): { id: number; score: number; exact: boolean; partial: boolean; rank: number }[] {
    return this.ids.map((id, i) => ({
      id,
      score: this.scores[i]!,
      exact: this.exacts[i]!,
      partial: this.partials[i]!,
      rank: this.ranks[i]!,
    }));
  }

  /** What is kept, best first; on a tie the lower id. */
  sorted(): { id: number; score: number; exact: boolean; partial: boolean; rank: number }[] {
    return this.entries().sort((a, b) => b.score - a.score || a.id - b.id);
  }

  private swap(i: number, j: number) {
    [this.ids[i], this.ids[j]] = [this.ids[j]!, this.ids[i]!];
    [this.scores[i], this.scores[j]] = [this.scores[j]!, this.scores[i]!];
    [this.ranks[i], this.ranks[j]] = [this.ranks[j]!, this.ranks[i]!];
    [this.exacts[i], this.exacts[j]] = [this.exacts[j]!, this.exacts[i]!];
    [this.partials[i], this.partials[j]] = [this.partials[j]!, this.partials[i]!];
  }

  private up(i: number) {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.worse(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number) {
    const n = this.ids.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.worse(l, m)) m = l;
      if (r < n && this.worse(r, m)) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }
}
