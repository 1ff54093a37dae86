import { CUES } from './labels.ts';

/** An amount as printed in a cell: its value (sign included) and the currency its symbol or code names, if any. */
export interface PrintedAmount {
  value: number;
  /** Printed with a sign or in brackets. */
  negative: boolean;
  currency?: string;
}

const NIL = /^[-–—]$/;
const NUMBER = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;
const SYMBOLS = Object.keys(CUES.currencySymbols)
  .map((s) => s.replace(/[$^\\]/g, '\\$&'))
  .join('');
const SYMBOL_RE = new RegExp(`[${SYMBOLS}]`);

/**
 * Reads one cell as an amount: `1,234`, `1,234.50`, `(1,234)` and `-1,234` (negative), `£1,234`, `EUR 1,234`,
 * `1,234 EUR`, a dash for nil. Anything else (a word, a date, a percentage) is not an amount.
 */
export function parseAmount(cell: string): PrintedAmount | undefined {
  let s = cell.trim().replace(/\u2212/g, '-');
  if (NIL.test(s)) return { value: 0, negative: false };
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1).trim();
  }
  let currency: string | undefined;
  let code = /^([A-Z]{3})\s*(.+)$/.exec(s);
  if (code) {
    currency = code[1];
    s = code[2]!.trim();
  } else if ((code = /^(.+?)\s*([A-Z]{3})$/.exec(s))) {
    currency = code[2];
    s = code[1]!.trim();
  }
  const symbol = SYMBOL_RE.exec(s);
  if (symbol) {
    currency ??= CUES.currencySymbols[symbol[0]];
    s = s.replace(SYMBOL_RE, '').trim();
  }
  if (s.startsWith('-') && !negative) {
    negative = true; // -£1,234
    s = s.slice(1).trim();
  }
  if (!NUMBER.test(s)) return undefined;
  const value = Number(s.replace(/,/g, ''));
  return { value: negative ? -value : value, negative, ...(currency ? { currency } : {}) };
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A date as accounts print it: `2024-05-12`, `12 May 2024`, `12th May 2024`, `May 12, 2024`, `12/05/2024`. */
export const DATE_PATTERN = String.raw`(\d{4}-\d{2}-\d{2}|\d{1,2}(?:st|nd|rd|th)?\s+[A-Za-z]+,?\s+\d{4}|[A-Za-z]+\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}/\d{1,2}/\d{4})`;

const pad = (n: number) => String(n).padStart(2, '0');

/** A printed date as YYYY-MM-DD; undefined when it is not a real date. */
export function parseDate(text: string): string | undefined {
  const t = text
    .trim()
    .replace(/(\d)(?:st|nd|rd|th)\b/g, '$1')
    .replace(/,/g, '');
  let y: number, m: number, d: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t))) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})$/.exec(t)))
    [y, m, d] = [Number(match[3]), MONTHS.indexOf(match[2]!.toLowerCase()) + 1, Number(match[1])];
  else if ((match = /^([A-Za-z]+)\s+(\d{1,2})\s+(\d{4})$/.exec(t)))
    [y, m, d] = [Number(match[3]), MONTHS.indexOf(match[1]!.toLowerCase()) + 1, Number(match[2])];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t))) [y, m, d] = [Number(match[3]), Number(match[2]), Number(match[1])];
  else return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (m < 1 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return `${y}-${pad(m)}-${pad(d)}`;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first date that follows one of the cues in the text (cues compared without case), as YYYY-MM-DD. */
export function dateAfter(text: string, cues: readonly string[]): string | undefined {
  let best: { at: number; date: string } | undefined;
  for (const cue of cues) {
    const re = new RegExp(`${escapeRegExp(cue).replace(/ /g, '\\s+')}\\s+(?:the\\s+)?${DATE_PATTERN}`, 'gi');
    for (const m of text.matchAll(re)) {
      const date = parseDate(m[1]!);
      if (date && (!best || m.index! < best.at)) best = { at: m.index!, date };
    }
  }
  return best?.date;
}

/** The scale a currency cue may add: "EUR'000", "EUR thousands", "GBP millions". */
const SCALE_RE = /^\s*(?:'000|’000|thousands?\b|000s\b|millions?\b|m\b)/i;

/** The ISO code that follows a currency cue ("Amounts in EUR"), with the scale the cue states (1 when none). */
export function currencyAfter(text: string, cues: readonly string[]): { currency: string; scale: number } | undefined {
  const lower = text.toLowerCase();
  for (const cue of cues) {
    for (let at = lower.indexOf(cue); at >= 0; at = lower.indexOf(cue, at + 1)) {
      const rest = text.slice(at + cue.length);
      const code = /^\s+([A-Z]{3})\b/.exec(rest);
      if (!code) continue;
      const scale = SCALE_RE.exec(rest.slice(code[0].length))?.[0].trim().toLowerCase();
      return { currency: code[1]!, scale: !scale ? 1 : scale.startsWith('m') ? 1_000_000 : 1_000 };
    }
  }
  return undefined;
}
