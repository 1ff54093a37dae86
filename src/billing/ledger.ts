import type { Db, Queryable } from '../store/db.ts';
import type { Clock } from '../shared/clock.ts';
import { newId } from '../shared/ids.ts';
import type { LedgerRepository, NewLedgerEntry } from './repository/ledger.ts';

/**
 * `reservation` holds a request's expected cost while its work is in flight (negative); `release` gives a unit's
 * share of it back when the unit settles (positive); `charge` takes the price of delivered work (negative).
 * Once every unit of a request has settled, its entries sum to minus its charges.
 */
export type LedgerKind = 'grant' | 'adjustment' | 'charge' | 'refund' | 'reservation' | 'release';

export interface LedgerEntryInput {
  amount: number;
  kind: LedgerKind;
  reference?: string | undefined;
}

/**
 * The append-only credit ledger: an account's balance is the sum of its entries, holds of work in flight
 * included, kept in `account_balances` as each entry is written. Nothing is ever updated or deleted; a correction is
 * a new entry.
 */
export class Ledger {
  constructor(
    /** The default store of `balance`, and transactions: every statement is the repository's. */
    private readonly db: Db,
    private readonly repo: LedgerRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Appends an entry and adds it to the account's balance in one statement (the balance row is then locked until the
   * transaction ends, which orders the holds and top-ups of one account). `floor`: the entry is refused, and undefined
   * returned with nothing written, when it would leave the balance below that many credit cents.
   */
  async record(
    tx: Queryable,
    accountId: string,
    amount: number,
    kind: LedgerKind,
    reference?: string,
    floor?: number,
  ): Promise<string | undefined> {
    const entries = await this.recordMany(tx, accountId, [{ amount, kind, reference }], floor);
    return entries?.[0];
  }

  /**
   * Several entries of one account in one statement (a unit's release and its charge): their sum is added to the
   * balance. Undefined, with nothing written, when `floor` is given and the balance would fall below it.
   */
  async recordMany(tx: Queryable, accountId: string, entries: readonly LedgerEntryInput[], floor?: number): Promise<string[] | undefined> {
    if (entries.length === 0) return [];
    const { ctes, params, ids } = this.entriesStatement(accountId, entries, floor, 0);
    const written = await this.repo.writeEntries(tx, { ctes, params });
    return written === entries.length ? ids : undefined;
  }

  /**
   * `recordMany` as two common table expressions, `balance` (the account's row, updated; no row when `floor` refused
   * it) and `ledger` (the entries written), numbered from `$<offset + 1>`: a caller that writes more with the entries
   * (a request's reservations, a unit's event) makes them one statement, one round trip to the store. `onlyIf`: a SQL
   * condition on expressions before them; when false, nothing is written.
   */
  /** A new entry's row, its id and time given now: for a statement that writes it (`entriesPart`, groupHoldsPart). */
  newEntry(entry: LedgerEntryInput): NewLedgerEntry & { at: Date } {
    return { id: newId('led'), amount: entry.amount, kind: entry.kind, reference: entry.reference ?? null, at: this.clock.now() };
  }

  /** The repository's `entriesPart`: entries already given their ids (`newEntry`), written at `at`. */
  entriesPart(accountId: string, entries: readonly NewLedgerEntry[], at: Date, floor: number | undefined, offset: number, onlyIf?: string) {
    return this.repo.entriesPart(accountId, entries, at, floor, offset, onlyIf);
  }

  entriesStatement(
    accountId: string,
    entries: readonly LedgerEntryInput[],
    floor: number | undefined,
    offset: number,
    onlyIf?: string,
  ): { ctes: string; params: unknown[]; ids: string[] } {
    const rows = entries.map((e) => ({ id: newId('led'), amount: e.amount, kind: e.kind, reference: e.reference ?? null }));
    return { ...this.repo.entriesPart(accountId, rows, this.clock.now(), floor, offset, onlyIf), ids: rows.map((r) => r.id) };
  }

  balance(accountId: string, tx: Queryable = this.db): Promise<number> {
    return this.repo.balance(tx, accountId);
  }

  /** Adds (or, with a negative amount, withdraws) credits on the operator's word; returns the new balance. */
  async adjust(accountId: string, amount: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      await this.record(tx, accountId, amount, amount >= 0 ? 'grant' : 'adjustment', 'operator');
      return this.balance(accountId, tx);
    });
  }
}
