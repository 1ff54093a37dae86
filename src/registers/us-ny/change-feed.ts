import type { ChangedCompaniesPage } from '../contract.ts';
import type { Db } from '../../store/db.ts';
import { COUNTRY } from './sandbox-overlay.ts';

/** How far a reader got: the last change of an applied snapshot (seq, dosId), and of the operator's companies. */
interface Position {
  seq: number;
  dosId: string;
  /** ISO time of the last sandbox company update read (sandbox mode). */
  sandboxAt: string;
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
    const pos = decode(cursor);
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
      const sandboxRows = await this.db.query<{ company_id: string; updated_at: Date }>(
        `select company_id, updated_at from sandbox_companies where country_code = $1 and updated_at > $2
          order by updated_at, company_id limit $3`,
        [COUNTRY, new Date(pos.sandboxAt), room],
      );
      for (const r of sandboxRows) ids.push(r.company_id);
      const lastSandbox = sandboxRows[sandboxRows.length - 1];
      if (lastSandbox) next.sandboxAt = lastSandbox.updated_at.toISOString();
      return { companyIds: ids, cursor: encode(next), more: sandboxRows.length === room, coveredUntil };
    }
    return { companyIds: ids, cursor: encode(next), more: false, coveredUntil };
  }

  private async present(): Promise<Position> {
    const [snap] = await this.db.query<{ seq: number | null }>(`select max(seq) as seq from us_ny_snapshots where status = 'done'`);
    const [sandbox] = await this.db.query<{ at: Date | null }>(
      `select max(updated_at) as at from sandbox_companies where country_code = $1`,
      [COUNTRY],
    );
    // The next snapshot's changes onwards: (latest + 1, '') precedes every change of a later snapshot.
    return { seq: Number(snap?.seq ?? 0) + 1, dosId: '', sandboxAt: (sandbox?.at ?? new Date(0)).toISOString() };
  }
}

const encode = (p: Position) => JSON.stringify(p);

function decode(cursor: string): Position {
  const p = JSON.parse(cursor) as Position;
  return { seq: Number(p.seq) || 0, dosId: String(p.dosId ?? ''), sandboxAt: String(p.sandboxAt ?? new Date(0).toISOString()) };
}
