import type { Db } from '../store/db.ts';
import type { Workspace } from './types.ts';

const COLUMNS = `id, name, legal_name as "legalName", created_at as "createdAt", updated_at as "updatedAt"`;

/** Billed figures of one workspace id (null: requests made without a workspace). */
export interface UsageRow {
  workspaceId: string | null;
  requests: number;
  chargedInCreditCents: number;
  charged: number;
  deduplicated: number;
  included: number;
}

/** Workspaces (table workspaces) and the usage reported under them (requests and their billing events). */
export class WorkspaceRepository {
  constructor(private readonly db: Db) {}

  /** The account's live workspaces, oldest first. */
  listLive(accountId: string): Promise<Workspace[]> {
    return this.db.query<Workspace>(
      `select ${COLUMNS} from workspaces where account_id = $1 and deleted_at is null order by created_at, id`,
      [accountId],
    );
  }

  /** Every workspace of the account, deleted ones included (their past usage is still reported). */
  listAll(accountId: string): Promise<Workspace[]> {
    return this.db.query<Workspace>(`select ${COLUMNS} from workspaces where account_id = $1`, [accountId]);
  }

  /** The new workspace, or undefined when a live one already has the name. */
  async insert(accountId: string, ws: { id: string; name: string; legalName: string; at: Date }): Promise<Workspace | undefined> {
    const [row] = await this.db.query<Workspace>(
      `insert into workspaces (id, account_id, name, legal_name, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)
       on conflict (account_id, name) where deleted_at is null do nothing returning ${COLUMNS}`,
      [ws.id, accountId, ws.name, ws.legalName, ws.at],
    );
    return row;
  }

  async setLegalName(id: string, legalName: string, at: Date): Promise<Workspace> {
    const [row] = await this.db.query<Workspace>(
      `update workspaces set legal_name = $2, updated_at = $3 where id = $1 returning ${COLUMNS}`,
      [id, legalName, at],
    );
    return row!;
  }

  async markDeleted(id: string, at: Date): Promise<void> {
    await this.db.query('update workspaces set deleted_at = $2 where id = $1', [id, at]);
  }

  /** A live workspace of the account whose name or id is `nameOrId`. */
  async findLive(accountId: string, nameOrId: string): Promise<Workspace | undefined> {
    const [row] = await this.db.query<Workspace>(
      `select ${COLUMNS} from workspaces where account_id = $1 and deleted_at is null and (name = $2 or id = $2) limit 1`,
      [accountId, nameOrId],
    );
    return row;
  }

  /** Billed figures per workspace id of the requests created in [from, to), limited to one workspace when given. */
  async usage(accountId: string, from: Date, to: Date, onlyId: string | null): Promise<UsageRow[]> {
    const rows = await this.db.query<UsageRow>(
      `select r.options->'workspace'->>'id' as "workspaceId", count(distinct r.id)::int as requests,
          coalesce(sum(e.amount) filter (where e.status = 'charged'), 0)::int8 as "chargedInCreditCents",
          count(e.id) filter (where e.status = 'charged')::int as charged,
          count(e.id) filter (where e.status = 'deduplicated')::int as deduplicated,
          count(e.id) filter (where e.status = 'included')::int as included
         from requests r left join billing_events e on e.request_id = r.id
        where r.account_id = $1 and r.created_at >= $2 and r.created_at < $3
          and ($4::text is null or r.options->'workspace'->>'id' = $4)
        group by 1 order by 1 nulls first`,
      [accountId, from, to, onlyId],
    );
    return rows.map((r) => ({ ...r, chargedInCreditCents: Number(r.chargedInCreditCents) }));
  }
}
