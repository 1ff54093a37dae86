import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Money } from '../../../contract/index.ts';

const CURRENCIES = z
  .object({ default: z.string().length(3), words: z.record(z.string(), z.string().length(3)) })
  .parse(JSON.parse(readFileSync(new URL('./currencies.json', import.meta.url), 'utf8')));

const CAPITAL_RE = /^([0-9][0-9,]*(?:\.[0-9]+)?)\s*(万|亿)?\s*(.*)$/;

/**
 * Multiplies a decimal string by 10^4 or 10^8 on its digits, so "1.1万" is exactly 11000 (1.1 × 10000 in floating
 * point is 11000.000000000002).
 */
function scaleDecimal(text: string, zeros: number): number {
  const [int = '0', frac = ''] = text.replace(/,/g, '').split('.');
  const shifted = frac.padEnd(zeros, '0');
  const digits = `${int}${shifted.slice(0, zeros)}`;
  const rest = shifted.slice(zeros);
  return Number(rest ? `${digits}.${rest}` : digits);
}

/**
 * Parses the report's 注册资本: "500万人民币" → 5,000,000 CNY; "1000万美元" → USD; "50万元" → CNY; "2亿元人民币".
 * `formatted` keeps the report's words. Undefined when the text is not a capital (e.g. empty for a branch).
 */
export function parseCapital(raw: string | undefined): Money | undefined {
  const text = raw?.trim().replace(/\s+/g, '');
  if (!text) return undefined;
  const m = CAPITAL_RE.exec(text);
  if (!m) return undefined;
  const unit = m[2] === '亿' ? 8 : m[2] === '万' ? 4 : 0;
  const word = (m[3] ?? '').replace(/^[(（]|[)）]$/g, '');
  const currency = word === '' ? CURRENCIES.default : CURRENCIES.words[word];
  if (!currency) return undefined;
  return { amount: scaleDecimal(m[1]!, unit), currency, formatted: raw!.trim() };
}
