import { getDocumentProxy } from 'unpdf';

/** A run of text on a page, at its left edge. */
export interface TextCell {
  x: number;
  text: string;
}

/** The cells that share a baseline, left to right. */
export interface TextLine {
  page: number;
  y: number;
  cells: TextCell[];
}

interface PdfTextItem {
  str: string;
  transform: number[];
}

/**
 * The text of a PDF as lines of positioned cells, pages in order and each page top to bottom. Positions matter:
 * the credit report is a set of tables, and only the x of a run tells which column it belongs to.
 */
export async function pdfLines(bytes: Uint8Array): Promise<TextLine[]> {
  // pdf.js takes ownership of the buffer it is given; a copy keeps the caller's bytes intact.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const lines: TextLine[] = [];
  try {
    for (let p = 1; p <= pdf.numPages; p++) {
      const page = await pdf.getPage(p);
      const content = await page.getTextContent();
      const pageLines: TextLine[] = [];
      for (const item of content.items as PdfTextItem[]) {
        if (typeof item.str !== 'string' || item.str.trim() === '') continue;
        const x = item.transform[4]!;
        const y = item.transform[5]!;
        // Runs of one line share a baseline, give or take rounding.
        let line = pageLines.find((l) => Math.abs(l.y - y) < 2);
        if (!line) {
          line = { page: p, y, cells: [] };
          pageLines.push(line);
        }
        line.cells.push({ x, text: item.str });
      }
      for (const line of pageLines) line.cells.sort((a, b) => a.x - b.x);
      lines.push(...pageLines.sort((a, b) => b.y - a.y)); // PDF y grows upwards
    }
  } finally {
    await pdf.loadingTask.destroy();
  }
  return lines;
}

/** Joins two pieces of a wrapped text: Chinese wraps anywhere with no space; Latin words wrap at a space. */
export function joinWrapped(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  return /[A-Za-z0-9.,;:)]$/.test(a) && /^[A-Za-z0-9(]/.test(b) ? `${a} ${b}` : `${a}${b}`;
}
