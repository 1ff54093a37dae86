import type { SnapshotEntity } from '../../src/registers/us-ny/columns.ts';
import { Rng } from '../../src/sandbox/random.ts';
import { tokenize } from '../../src/shared/name-index/index.ts';
import { STOPWORDS } from '../../src/registers/us-ny/search/rules.ts';
import { edit } from './typo-edit.ts';

export type QueryKind = 'id' | 'prefix' | 'typo1' | 'typo2' | 'former';

/** A query with the company it must find (labelled set for recall@10). */
export interface LabelledQuery {
  kind: QueryKind;
  query: string;
  target: string;
}

const significant = (name: string) => tokenize(name).filter((t) => !STOPWORDS.has(t));

/**
 * Queries of each kind from sampled entities, deterministic by seed: the exact id; a prefix (the name's first words
 * and part of the next); one typo in a word of four letters or more; two typos (in one word of eight or more, or
 * one in each of two words); a former name as written.
 */
export function labelledQueries(sample: readonly SnapshotEntity[], seed = 1): LabelledQuery[] {
  const rng = Rng.of(seed);
  const out: LabelledQuery[] = [];
  for (const e of sample) {
    const id = e.row.dos_id;
    const words = significant(e.row.current_entity_name);
    out.push({ kind: 'id', query: id, target: id });
    if (words.length >= 2) {
      const last = words[words.length - 1]!;
      const cut = Math.max(2, Math.ceil(last.length / 2));
      out.push({ kind: 'prefix', query: [...words.slice(0, -1), last.slice(0, cut)].join(' '), target: id });
    }
    const long = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 4);
    if (long.length) {
      const [w, i] = rng.pick(long);
      out.push({ kind: 'typo1', query: words.map((x, k) => (k === i ? edit(rng, w) : x)).join(' '), target: id });
    }
    const veryLong = long.filter(([w]) => w.length >= 8);
    if (veryLong.length) {
      const [w, i] = rng.pick(veryLong);
      let typo = edit(rng, w);
      typo = edit(rng, typo);
      out.push({ kind: 'typo2', query: words.map((x, k) => (k === i ? typo : x)).join(' '), target: id });
    } else if (long.length >= 2) {
      const [a, b] = [long[0]!, long[1]!];
      out.push({
        kind: 'typo2',
        query: words.map((x, k) => (k === a[1] ? edit(rng, a[0]) : k === b[1] ? edit(rng, b[0]) : x)).join(' '),
        target: id,
      });
    }
    const former = e.names.find((n) => n.name_type === 'ENTITY' && n.name_status !== 'A' && n.corp_name !== e.row.current_entity_name);
    if (former) out.push({ kind: 'former', query: former.corp_name, target: id });
  }
  return out;
}

/** The name the trigram baseline compares: normalised, legal and filler words removed (DESIGN.md, stack notes). */
export function trigramNorm(name: string): string {
  const sig = significant(name);
  return (sig.length ? sig : tokenize(name)).join(' ');
}

export { percentile } from './stats.ts';
