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
