import type { FastifyRequest } from 'fastify';
import { WORKSPACE_HEADERS } from '../contract/index.ts';
import type { RequestWorkspace } from '../retrieval/service.ts';
import type { WorkspaceService } from '../workspaces/service.ts';
import { accountOf } from './auth.ts';

/**
 * The workspace a request names in one of WORKSPACE_HEADERS (its name or id), or none. An unknown workspace is a
 * 404 before any work: a request must not be billed to the account's own bucket by a typo.
 */
export async function workspaceOf(req: FastifyRequest, workspaces: WorkspaceService): Promise<RequestWorkspace | undefined> {
  for (const header of WORKSPACE_HEADERS) {
    const raw = req.headers[header];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (!value) continue;
    const ws = await workspaces.resolve(accountOf(req).id, value);
    return { id: ws.id, name: ws.name, legalName: ws.legalName };
  }
  return undefined;
}
