import type { ChangedCompaniesPage } from '../contract.ts';
import type { Db, Queryable } from '../../store/db.ts';
import { COUNTRY } from './sandbox-overlay.ts';

/** How far a reader got: the last change of an applied snapshot (seq, dosId), and of the operator's companies. */
interface Position {
  seq: number;
  dosId: string;
  /** The `change_seq` of the last write of the sandbox operator read (sandbox mode). */
  sandboxSeq: number;
}

/**
 * The companies each applied snapshot added, changed or removed (`us_ny_snapshot_changes`), then those the sandbox
 * operator stored or removed since: monitors read exactly these at the register, and confirm the other monitored
 * companies unchanged. A reader without a cursor starts at the present: the latest snapshot and the latest operator
 * change. The feed is complete up to the time a read begins: the register's data in onboarding mode is the applied
 * snapshots and the operator's companies, and every change to either is on the feed.
 */
export class UsNyChangeFeed {
  constructor(
    private readonly db: Db,
    private readonly includeSandbox: boolean,
    private readonly now: () => Date,
  ) {}

  async page(cursor: string | undefined, limit: number): Promise<ChangedCompaniesPage> {
    const coveredUntil = this.now();
    if (cursor === undefined) {
      const start = await this.present();
      return { companyIds: [], cursor: encode(start), more: false, coveredUntil };
    }
    const pos = await this.decode(cursor);
    const snapshotRows = await this.db.query<{ seq: number; dos_id: string }>(
      `select c.seq, c.dos_id from us_ny_snapshot_changes c join us_ny_snapshots s on s.seq = c.seq
        where s.status = 'done' and (c.seq, c.dos_id) > ($1, $2) order by c.seq, c.dos_id limit $3`,
      [pos.seq, pos.dosId, limit],
    );
    const ids = snapshotRows.map((r) => r.dos_id);
    const last = snapshotRows[snapshotRows.length - 1];
    const next: Position = last ? { ...pos, seq: Number(last.seq), dosId: last.dos_id } : { ...pos };
    if (ids.length === limit) return { companyIds: ids, cursor: encode(next), more: true, coveredUntil };
    if (this.includeSandbox) {
      const room = limit - ids.length;
      const sandboxRows = await this.operatorWrites((tx) =>
        tx.query<{ company_id: string; change_seq: string }>(
          `select company_id, change_seq::text as change_seq from sandbox_companies where country_code = $1 and change_seq > $2
            order by change_seq limit $3`,
          [COUNTRY, pos.sandboxSeq, room],
        ),
      );
      for (const r of sandboxRows) ids.push(r.company_id);
      const lastSandbox = sandboxRows[sandboxRows.length - 1];
      if (lastSandbox) next.sandboxSeq = Number(lastSandbox.change_seq);
      return { companyIds: ids, cursor: encode(next), more: sandboxRows.length === room, coveredUntil };
    }
    return { companyIds: ids, cursor: encode(next), more: false, coveredUntil };
  }

  private async present(): Promise<Position> {
    const [snap] = await this.db.query<{ seq: number | null }>(`select max(seq) as seq from us_ny_snapshots where status = 'done'`);
    // The next snapshot's changes onwards: (latest + 1, '') precedes every change of a later snapshot.
    return { seq: Number(snap?.seq ?? 0) + 1, dosId: '', sandboxSeq: this.includeSandbox ? await this.lastOperatorWrite() : 0 };
  }

  private async lastOperatorWrite(): Promise<number> {
    const [row] = await this.operatorWrites((tx) =>
      tx.query<{ seq: string }>(`select coalesce(max(change_seq), 0)::text as seq from sandbox_companies where country_code = $1`, [
        COUNTRY,
      ]),
    );
    return Number(row?.seq ?? 0);
  }

  /**
   * Reads the operator's writes with writers held off (share mode conflicts with the lock every insert and update
   * takes): a write under way commits before the read, and one that comes after takes a later `change_seq` than any
   * read here. So a reader never passes a write that is not committed yet, which it would then never read.
   */
  private operatorWrites<T>(read: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.query('lock table sandbox_companies in share mode');
      return read(tx);
    });
  }

  private async decode(cursor: string): Promise<Position> {
    // A cursor written before 022_sandbox_change_order has `sandboxAt`, the time of the last operator write read.
    const p = JSON.parse(cursor) as Partial<Position> & { sandboxAt?: string };
    const seq = Number(p.seq) || 0;
    const dosId = String(p.dosId ?? '');
    if (p.sandboxSeq !== undefined || !this.includeSandbox) return { seq, dosId, sandboxSeq: Number(p.sandboxSeq) || 0 };
    // A cursor by time: from just before the first write after it (one read again is harmless), else the last one.
    const [row] = await this.db.query<{ seq: string }>(
      `select coalesce(min(change_seq) - 1, (select coalesce(max(change_seq), 0) from sandbox_companies where country_code = $1))::text as seq
         from sandbox_companies where country_code = $1 and updated_at > $2`,
      [COUNTRY, new Date(String(p.sandboxAt ?? new Date(0).toISOString()))],
    );
    return { seq, dosId, sandboxSeq: Number(row?.seq ?? 0) };
  }
}

const encode = (p: Position) => JSON.stringify(p);
