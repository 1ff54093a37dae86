import { readFileSync } from 'node:fs';
import { z } from 'zod';

const Line = z.object({
  labels: z.array(z.string().min(1)).min(1),
  lossLabels: z.array(z.string().min(1)).optional(),
  unsigned: z.boolean().optional(),
});
const LabelTable = z.object({
  incomeStatement: z.record(z.string(), Line),
  balanceSheet: z.record(z.string(), Line),
  periodCues: z.array(z.string().min(1)).min(1),
  balanceSheetDateCues: z.array(z.string().min(1)),
  approvalCues: z.array(z.string().min(1)),
  currencyCues: z.array(z.string().min(1)),
  currencySymbols: z.record(z.string(), z.string().regex(/^[A-Z]{3}$/)),
});

export type Statement = 'incomeStatement' | 'balanceSheet';

/** What a printed label means: the line item, its statement, and how to read the sign of its amount. */
export interface LabelMeaning {
  statement: Statement;
  key: string;
  /** A magnitude (a cost, a liability): kept positive. */
  unsigned: boolean;
  /** The label names a loss: an amount printed without a sign is negative. */
  loss: boolean;
}

/** A label as compared: lower case, single spaces, curly quotes straightened, no trailing colon or note number. */
export function normaliseLabel(label: string): string {
  return label
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/\s*\(?\bnotes?\s+\d+[a-z]?\)?$/, '')
    .replace(/[\s:]+$/, '')
    .trim();
}

const table = LabelTable.parse(JSON.parse(readFileSync(new URL('./labels.json', import.meta.url), 'utf8')));

function meanings(): Map<string, LabelMeaning> {
  const out = new Map<string, LabelMeaning>();
  for (const statement of ['incomeStatement', 'balanceSheet'] as const) {
    for (const [key, line] of Object.entries(table[statement])) {
      const add = (label: string, loss: boolean) => {
        const n = normaliseLabel(label);
        if (out.has(n)) throw new Error(`financial label "${label}" is listed twice in labels.json`);
        out.set(n, { statement, key, unsigned: line.unsigned ?? false, loss });
      };
      for (const l of line.labels) add(l, false);
      for (const l of line.lossLabels ?? []) add(l, true);
    }
  }
  return out;
}

/** Every known label, normalised, to its meaning. */
export const LABELS: ReadonlyMap<string, LabelMeaning> = meanings();

/** The line-item keys of each statement, in the table's order (statement order). */
export const LINE_KEYS: Record<Statement, readonly string[]> = {
  incomeStatement: Object.keys(table.incomeStatement),
  balanceSheet: Object.keys(table.balanceSheet),
};

/** How the analysis names a line item in its sentences: the first label of its row, lower-cased ("non-current assets"). */
export const LINE_NAMES: ReadonlyMap<string, string> = new Map(
  (['incomeStatement', 'balanceSheet'] as const).flatMap((st) =>
    Object.entries(table[st]).map(([key, line]): [string, string] => [key, line.labels[0]!.toLowerCase()]),
  ),
);

export const CUES = {
  period: table.periodCues,
  balanceSheetDate: table.balanceSheetDateCues,
  approval: table.approvalCues,
  currency: table.currencyCues,
  currencySymbols: table.currencySymbols,
} as const;
