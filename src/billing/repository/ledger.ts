import type { Queryable } from '../../store/db.ts';
import { paramAt, type StatementPart } from '../../store/statement.ts';

/** A ledger entry to write, its id already given (Ledger returns the ids to its callers). */
export interface NewLedgerEntry {
  id: string;
  amount: number;
  kind: string;
  reference: string | null;
}

/** The ledger's statements (tables ledger_entries, and account_balances kept with them); see Ledger. */
export class LedgerRepository {
  /**
   * The entries as two common table expressions, `balance` (the account's balance row, updated by their sum; no row when
   * `floor` refused it) and `ledger` (the entries written), numbered from `$<offset + 1>`. `onlyIf`: a SQL condition on
   * expressions before them; when false, nothing is written (no row in `balance`).
   */
  entriesPart(
    accountId: string,
    entries: readonly NewLedgerEntry[],
    at: Date,
    floor: number | undefined,
    offset: number,
    onlyIf?: string,
  ): StatementPart {
    const $ = paramAt(offset);
    const total = entries.reduce((sum, e) => sum + e.amount, 0);
    return {
      // Entries that sum to 0 (a unit's hold released and the same amount charged: most settlements) leave the balance
      // as it is: the balance row is read, not updated, so they take no lock on it. Under load one account's
      // settlements otherwise queue on that row, each holding it until its transaction's commit.
      ctes: `balance as (
         ${
           total === 0 && floor === undefined
             ? `select account_id as id from account_balances where account_id = ${$(1)} and ${$(2)}::int8 = 0 and ${$(7)}::int8 is null${onlyIf ? ` and (${onlyIf})` : ''}`
             : `update account_balances set balance = balance + ${$(2)} where account_id = ${$(1)} and (${$(7)}::int8 is null or balance + ${$(2)} >= ${$(7)}::int8)${onlyIf ? ` and (${onlyIf})` : ''}
         returning account_id as id`
         }
       ), ledger as (
         insert into ledger_entries (id, account_id, amount, kind, reference, created_at)
         select e.id, ${$(1)}, e.amount, e.kind, e.reference, ${$(6)}
           from balance, unnest(${$(3)}::text[], ${$(4)}::int8[], ${$(5)}::text[], ${$(8)}::text[]) as e(id, amount, kind, reference)
         returning id
       )`,
      params: [
        accountId,
        total,
        entries.map((e) => e.id),
        entries.map((e) => e.amount),
        entries.map((e) => e.kind),
        at,
        floor ?? null,
        entries.map((e) => e.reference),
      ],
    };
  }

  /** Writes an `entriesPart` numbered from `$1` on its own; how many entries were written. */
  async writeEntries(tx: Queryable, part: StatementPart): Promise<number> {
    const rows = await tx.query<{ id: string }>(`with ${part.ctes} select id from ledger`, part.params);
    return rows.length;
  }

  async balance(tx: Queryable, accountId: string): Promise<number> {
    const [row] = await tx.query<{ balance: number }>('select balance from account_balances where account_id = $1', [accountId]);
    return row?.balance ?? 0;
  }
}
