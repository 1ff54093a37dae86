import type { Clock } from '../shared/clock.ts';
import { ApiError } from '../shared/errors.ts';
import { newId } from '../shared/ids.ts';
import type { Db } from '../store/db.ts';

export interface Workspace {
  id: string;
  name: string;
  legalName: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface WorkspaceUsage {
  workspace: Workspace | null;
  requests: number;
  chargedInCreditCents: number;
  charged: number;
  deduplicated: number;
  included: number;
}

const COLUMNS = `id, name, legal_name as "legalName", created_at as "createdAt", updated_at as "updatedAt"`;

/**
 * Workspaces of an account (the incumbent's /v2/workspaces): a request names one (header or field) and its usage is
 * reported under it, so that an account can rebill its branches or customers. Names are unique among an account's
 * live workspaces; a deleted workspace keeps its past usage.
 */
export class WorkspaceService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(accountId: string): Promise<Workspace[]> {
    return this.db.query<Workspace>(
      `select ${COLUMNS} from workspaces where account_id = $1 and deleted_at is null order by created_at, id`,
      [accountId],
    );
  }

  async create(accountId: string, input: { name: string; legalName: string }): Promise<Workspace> {
    const now = this.clock.now();
    const rows = await this.db.query<Workspace>(
      `insert into workspaces (id, account_id, name, legal_name, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)
       on conflict (account_id, name) where deleted_at is null do nothing returning ${COLUMNS}`,
      [newId('wsp', now.getTime()), accountId, input.name, input.legalName, now],
    );
    if (!rows[0]) throw new ApiError('invalid_request', `a workspace named ${input.name} exists`);
    return rows[0];
  }

  async rename(accountId: string, nameOrId: string, input: { legalName?: string | undefined }): Promise<Workspace> {
    const ws = await this.resolve(accountId, nameOrId);
    if (input.legalName === undefined) return ws;
    const [row] = await this.db.query<Workspace>(
      `update workspaces set legal_name = $2, updated_at = $3 where id = $1 returning ${COLUMNS}`,
      [ws.id, input.legalName, this.clock.now()],
    );
    return row!;
  }

  async delete(accountId: string, nameOrId: string): Promise<Workspace> {
    const ws = await this.resolve(accountId, nameOrId);
    await this.db.query('update workspaces set deleted_at = $2 where id = $1', [ws.id, this.clock.now()]);
    return ws;
  }

  /** A live workspace of the account by its name or id; 404 otherwise (another account's is not found either). */
  async resolve(accountId: string, nameOrId: string): Promise<Workspace> {
    const [row] = await this.db.query<Workspace>(
      `select ${COLUMNS} from workspaces where account_id = $1 and deleted_at is null and (name = $2 or id = $2) limit 1`,
      [accountId, nameOrId],
    );
    if (!row) throw new ApiError('resource_not_found', `no workspace ${nameOrId}`);
    return row;
  }

  /**
   * Billed usage per workspace between two instants (billing events of requests created in it; deleted workspaces
   * included), and the account's requests made without a workspace as `workspace: null`.
   */
  async usage(accountId: string, from: Date, to: Date, only?: Workspace): Promise<WorkspaceUsage[]> {
    const rows = await this.db.query<{
      workspaceId: string | null;
      requests: number;
      chargedInCreditCents: number;
      charged: number;
      deduplicated: number;
      included: number;
    }>(
      `select r.options->'workspace'->>'id' as "workspaceId", count(distinct r.id)::int as requests,
          coalesce(sum(e.amount) filter (where e.status = 'charged'), 0)::int8 as "chargedInCreditCents",
          count(e.id) filter (where e.status = 'charged')::int as charged,
          count(e.id) filter (where e.status = 'deduplicated')::int as deduplicated,
          count(e.id) filter (where e.status = 'included')::int as included
         from requests r left join billing_events e on e.request_id = r.id
        where r.account_id = $1 and r.created_at >= $2 and r.created_at < $3
          and ($4::text is null or r.options->'workspace'->>'id' = $4)
        group by 1 order by 1 nulls first`,
      [accountId, from, to, only?.id ?? null],
    );
    const all = await this.db.query<Workspace>(`select ${COLUMNS} from workspaces where account_id = $1`, [accountId]);
    const byId = new Map(all.map((w) => [w.id, w]));
    return rows.map(({ workspaceId, ...figures }) => ({
      workspace: workspaceId ? (byId.get(workspaceId) ?? null) : null,
      ...figures,
      chargedInCreditCents: Number(figures.chargedInCreditCents),
    }));
  }
}
