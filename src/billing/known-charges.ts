import type { KnownEvent } from './dedup.ts';
import type { BillingSubject } from './types.ts';

/** Charges kept per company: a unit has one within its window but where modes differ (CHARGES_PER_WINDOW). */
const CHARGES_PER_SUBJECT = 8;

/**
 * Charges of an account's units for a company that this process has seen committed: read by a quote from the history,
 * or made by a settlement whose statement committed. A charge is final (no event is ever updated or deleted), so one
 * known here still makes a request of the same unit within its window deduplicated, whatever happened since: a quote
 * can foresee that without reading the history (BillingService.quoteWithoutReading). What is not known here (a charge
 * made by another process) is read as before. Bounded: the companies used least recently are forgotten first.
 */
export class KnownCharges {
  private readonly subjects = new Map<string, KnownEvent[]>();

  constructor(private readonly capacity = 10_000) {}

  /** The charges known of the company's units, newest first. */
  of(subject: BillingSubject): readonly KnownEvent[] {
    const key = keyOf(subject);
    const charges = this.subjects.get(key);
    if (!charges) return [];
    this.subjects.delete(key);
    this.subjects.set(key, charges);
    return charges;
  }

  /** Events seen committed; of them, the charges are kept. */
  remember(subject: BillingSubject, events: readonly KnownEvent[]): void {
    const charged = events.filter((e) => e.status === 'charged');
    if (charged.length === 0) return;
    const key = keyOf(subject);
    const known = this.subjects.get(key) ?? [];
    const merged = [...charged.filter((e) => !known.some((k) => k.id === e.id)), ...known]
      .sort((a, b) => b.basisMs - a.basisMs)
      .slice(0, CHARGES_PER_SUBJECT);
    this.subjects.delete(key);
    this.subjects.set(key, merged);
    if (this.subjects.size > this.capacity) this.subjects.delete(this.subjects.keys().next().value!);
  }
}

function keyOf(subject: BillingSubject): string {
  return `${subject.accountId}:${subject.countryCode}:${subject.companyId}`;
}
