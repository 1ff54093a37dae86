import {
  WorkspaceCreateBody,
  WorkspaceList,
  WorkspaceParams,
  WorkspaceUpdateBody,
  WorkspaceView,
  errorResponses,
} from '../../../contract/index.ts';
import type { Workspace } from '../../../workspaces/types.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const workspaceView = (w: Workspace): WorkspaceView => ({
  id: w.id,
  name: w.name,
  legalName: w.legalName,
  createdAt: w.createdAt.toISOString(),
  updatedAt: w.updatedAt.toISOString(),
});

const HEADER_NOTE =
  'A request is made for a workspace by naming it (name or id) in the `x-topograph-workspace` header (the incumbent’s; ' +
  '`x-workspace-id` works too) of `POST /v2/company` or `POST /v2/onboarding`; its `request.workspace` shows it.';

export const register: RouteRegistrar = (app, { workspaces }) => {
  typed(app).get('/v2/workspaces', {
    schema: {
      tags: ['workspaces'],
      summary: 'List workspaces',
      description: `The account’s workspaces, oldest first. ${HEADER_NOTE}`,
      response: { 200: WorkspaceList, ...errorResponses(401, 429) },
    },
    handler: async (req) => ({ workspaces: (await workspaces.list(accountOf(req).id)).map(workspaceView) }),
  });

  typed(app).post('/v2/workspaces', {
    schema: {
      tags: ['workspaces'],
      summary: 'Create a workspace',
      description: `A name already used by a live workspace of the account is a 400. ${HEADER_NOTE}`,
      body: WorkspaceCreateBody,
      response: { 201: WorkspaceView, ...errorResponses(400, 401, 413, 415, 429) },
    },
    handler: async (req, reply) => reply.status(201).send(workspaceView(await workspaces.create(accountOf(req).id, req.body))),
  });

  typed(app).patch('/v2/workspaces/:name', {
    schema: {
      tags: ['workspaces'],
      summary: 'Rename a workspace',
      description: 'Changes its legal (display) name; its `name`, which requests use, stays.',
      params: WorkspaceParams,
      body: WorkspaceUpdateBody,
      response: { 200: WorkspaceView, ...errorResponses(400, 401, 404, 413, 415, 429) },
    },
    handler: async (req) => workspaceView(await workspaces.rename(accountOf(req).id, req.params.name, req.body)),
  });

  typed(app).delete('/v2/workspaces/:name', {
    schema: {
      tags: ['workspaces'],
      summary: 'Delete a workspace',
      description: 'Requests can no longer name it; its past usage still reports under it. Answers the deleted workspace.',
      params: WorkspaceParams,
      response: { 200: WorkspaceView, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (req) => workspaceView(await workspaces.delete(accountOf(req).id, req.params.name)),
  });
};
