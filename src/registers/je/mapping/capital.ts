import type { Money } from '../../../contract/index.ts';

/** The report's way of writing an amount: "GBP 10,000.00". */
export function formatMoney(amount: number, currency: string): string {
  return `${currency} ${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * Reads the report's issued share capital ("GBP 10,000.00"; also "£10,000" and "10,000.00 GBP"). `formatted` keeps
 * the report's words. Undefined when the text is not an amount with a currency.
 */
export function parseMoney(raw: string | undefined): Money | undefined {
  const text = raw?.trim().replace(/\s+/g, ' ');
  if (!text) return undefined;
  const m = /^(?:([A-Z]{3}) ?|(£))([0-9][0-9,]*(?:\.[0-9]+)?)$/.exec(text) ?? /^()()([0-9][0-9,]*(?:\.[0-9]+)?) ([A-Z]{3})$/.exec(text);
  if (!m) return undefined;
  const currency = m[1] || (m[2] ? 'GBP' : m[4]);
  if (!currency) return undefined;
  return { amount: Number(m[3]!.replace(/,/g, '')), currency, formatted: text };
}

/** A count as the report prints it ("25,000,000"). */
export function parseCount(raw: string | undefined): number | undefined {
  const text = raw?.trim().replace(/,/g, '');
  return text && /^\d+$/.test(text) ? Number(text) : undefined;
}
