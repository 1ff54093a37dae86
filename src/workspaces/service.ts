import type { Clock } from '../shared/clock.ts';
import { ApiError } from '../shared/errors.ts';
import { newId } from '../shared/ids.ts';
import type { WorkspaceRepository } from './repository.ts';
import type { Workspace, WorkspaceUsage } from './types.ts';

/**
 * Workspaces of an account (the incumbent's /v2/workspaces): a request names one (header or field) and its usage is
 * reported under it, so that an account can rebill its branches or customers. Names are unique among an account's
 * live workspaces; a deleted workspace keeps its past usage.
 */
export class WorkspaceService {
  constructor(
    private readonly repo: WorkspaceRepository,
    private readonly clock: Clock,
  ) {}

  list(accountId: string): Promise<Workspace[]> {
    return this.repo.listLive(accountId);
  }

  async create(accountId: string, input: { name: string; legalName: string }): Promise<Workspace> {
    const now = this.clock.now();
    const created = await this.repo.insert(accountId, { id: newId('wsp', now.getTime()), ...input, at: now });
    if (!created) throw new ApiError('invalid_request', `a workspace named ${input.name} exists`);
    return created;
  }

  async rename(accountId: string, nameOrId: string, input: { legalName?: string | undefined }): Promise<Workspace> {
    const ws = await this.resolve(accountId, nameOrId);
    if (input.legalName === undefined) return ws;
    return this.repo.setLegalName(ws.id, input.legalName, this.clock.now());
  }

  async delete(accountId: string, nameOrId: string): Promise<Workspace> {
    const ws = await this.resolve(accountId, nameOrId);
    await this.repo.markDeleted(ws.id, this.clock.now());
    return ws;
  }

  /** A live workspace of the account by its name or id; 404 otherwise (another account's is not found either). */
  async resolve(accountId: string, nameOrId: string): Promise<Workspace> {
    const ws = await this.repo.findLive(accountId, nameOrId);
    if (!ws) throw new ApiError('resource_not_found', `no workspace ${nameOrId}`);
    return ws;
  }

  /**
   * Billed usage per workspace between two instants (billing events of requests created in it; deleted workspaces
   * included), and the account's requests made without a workspace as `workspace: null`.
   */
  async usage(accountId: string, from: Date, to: Date, only?: Workspace): Promise<WorkspaceUsage[]> {
    const rows = await this.repo.usage(accountId, from, to, only?.id ?? null);
    const byId = new Map((await this.repo.listAll(accountId)).map((w) => [w.id, w]));
    return rows.map(({ workspaceId, ...figures }) => ({ workspace: workspaceId ? (byId.get(workspaceId) ?? null) : null, ...figures }));
  }
}
