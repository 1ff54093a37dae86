/**
 * Just enough HTML reading for the registry's pages: visible text as a list of runs, tables as rows of cells, the
 * attributes of a form. Tolerant of markup changes that keep the words (labels, column titles) the same.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}

const invisible = (html: string) => html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|head)\b[\s\S]*?<\/\1>/gi, '');

/** The visible text runs of some HTML, in order: one per stretch of text between tags, trimmed, empty ones dropped. */
export function textRuns(html: string): string[] {
  return invisible(html)
    .split(/<[^>]*>/)
    .map((t) => decodeEntities(t).replace(/\s+/g, ' ').trim())
    .filter((t) => t !== '');
}

/** The text of an element's content as one string. */
export const textOf = (html: string) => textRuns(html).join(' ');

const sameLabel = (a: string, b: string) => a.replace(/:$/, '').trim().toLowerCase() === b.replace(/:$/, '').trim().toLowerCase();

/** The run after a label run ("Status:" → "Active"); a colon on either side is optional. */
export function valueAfter(runs: readonly string[], label: string): string | undefined {
  const i = runs.findIndex((r) => sameLabel(r, label));
  return i >= 0 && i + 1 < runs.length ? runs[i + 1] : undefined;
}

/** The text of the first element with this tag (h1, title). */
export function firstElementText(html: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'i').exec(invisible(html));
  return m ? textOf(m[1]!) || undefined : undefined;
}

/** A table as rows of raw cell HTML; header cells (th) and data cells (td) alike. */
export interface Table {
  header: string[];
  rows: string[][];
}

/** Every table of some HTML, with its header texts and the inner HTML of each data row's cells. */
export function tables(html: string): Table[] {
  return [...invisible(html).matchAll(/<table\b[^>]*>([\s\S]*?)<\/table>/gi)].map(([, body]) => {
    const header: string[] = [];
    const rows: string[][] = [];
    for (const [, row] of body!.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)) {
      const cells = [...row!.matchAll(/<(t[hd])\b[^>]*>([\s\S]*?)<\/\1>/gi)];
      if (cells.length && cells.every((c) => c[1]!.toLowerCase() === 'th')) header.push(...cells.map((c) => textOf(c[2]!)));
      else if (cells.length) rows.push(cells.map((c) => c[2]!));
    }
    return { header, rows };
  });
}

/** The value of an attribute of the first tag that matches. */
export function attribute(html: string, tagPattern: RegExp, name: string): string | undefined {
  for (const [tag] of html.matchAll(new RegExp(tagPattern.source, 'gi'))) {
    const m = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
    if (m) return decodeEntities(m[1] ?? m[2] ?? '');
  }
  return undefined;
}
