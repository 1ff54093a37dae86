import type { Facts } from './generator.ts';

const shiftYear = (iso: string, by: number) => `${Number(iso.slice(0, 4)) + by}${iso.slice(4)}`;

/**
 * A date drawn for something the company did (an appointment, an acquisition, a branch opening) moved into the
 * company's life: drawn from a whole year, it can fall before the incorporation day of the incorporation year, or
 * after the closure day of the closure year. Such a date moves a year later, or a year earlier, which lands it
 * inside the life because a company closes at least two years after its incorporation year (factsOf, statusFactsOf).
 * Moving rather than redrawing keeps every other value drawn from the same stream unchanged.
 */
export function withinLife(date: string, facts: Facts): string {
  if (date < facts.incorporationDate) return shiftYear(date, 1);
  if (facts.closure && date > facts.closure.date) return shiftYear(date, -1);
  return date;
}

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (day: number) => new Date(Math.round(day) * DAY_MS).toISOString().slice(0, 10);

/**
 * An appointment's date (an officer, a secretary, an auditor) within the part of the company's life in which it can
 * appoint anyone: no later than its closure, and no later than the start of insolvency proceedings (administrators
 * run the company then, nobody joins its board). A date after the insolvency start is scaled into the years from
 * the incorporation to it, keeping the order of the company's appointments, again without extra draws.
 */
export function appointedWithinLife(date: string, facts: Facts): string {
  const within = withinLife(date, facts);
  const insolvent = facts.insolvency?.date;
  if (!insolvent || within <= insolvent) return within;
  const from = dayOf(facts.incorporationDate);
  const to = dayOf(`${facts.lastActiveYear}-12-31`);
  const share = Math.min(1, (dayOf(within) - from) / Math.max(1, to - from));
  return isoOf(from + share * (dayOf(insolvent) - from));
}
