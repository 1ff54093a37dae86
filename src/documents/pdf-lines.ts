import { getDocumentProxy } from 'unpdf';

/** A run of text on a line, from its left edge `x` to its right edge `end`. */
export interface Run {
  x: number;
  end: number;
  text: string;
}

/** The runs that share a baseline, left to right; pages in order, each page top to bottom. */
export interface PdfLine {
  page: number;
  /** The baseline (PDF points, growing upwards). */
  y: number;
  runs: Run[];
}

interface Item {
  str: string;
  transform: number[];
  width: number;
}

/** Items closer than this (points) are one run: pdf.js may split a run at kerning. */
const JOIN_GAP = 2.5;
const SAME_BASELINE = 2;

/**
 * The text of a PDF as positioned lines, read from its bytes. Registers' reports and accounts are laid out in columns
 * (label and value; one amount per year), and only the position of a run tells which column it is in, so both edges
 * are kept: a report's values start at a column's left edge, accounts' amounts end at a year column's right edge.
 */
export async function readPdfLines(bytes: Uint8Array): Promise<PdfLine[]> {
  // pdf.js takes ownership of the buffer it is given: pass a copy so the caller's bytes stay usable.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const out: PdfLine[] = [];
  try {
    for (let p = 1; p <= pdf.numPages; p++) {
      const items = ((await (await pdf.getPage(p)).getTextContent()).items as Item[]).filter(
        (i) => typeof i.str === 'string' && i.str.trim(),
      );
      const lines: { y: number; items: Item[] }[] = [];
      for (const item of items) {
        const y = item.transform[5]!;
        const line = lines.find((l) => Math.abs(l.y - y) < SAME_BASELINE);
        if (line) line.items.push(item);
        else lines.push({ y, items: [item] });
      }
      lines.sort((a, b) => b.y - a.y); // PDF y grows upwards
      for (const line of lines) {
        const runs: Run[] = [];
        for (const item of line.items.sort((a, b) => a.transform[4]! - b.transform[4]!)) {
          const x = item.transform[4]!;
          const last = runs[runs.length - 1];
          if (last && x - last.end < JOIN_GAP) {
            last.text += (x - last.end > 0.5 && !last.text.endsWith(' ') ? ' ' : '') + item.str;
            last.end = x + item.width;
          } else runs.push({ x, end: x + item.width, text: item.str });
        }
        out.push({ page: p, y: line.y, runs: runs.map((r) => ({ ...r, text: r.text.trim() })).filter((r) => r.text) });
      }
    }
  } finally {
    await pdf.loadingTask.destroy();
  }
  return out;
}
