import { ApiKeyCreateBody, ApiKeyCreated, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { apiKeys }) => {
  typed(app).post('/v2/api-keys', {
    schema: {
      tags: ['api-keys'],
      summary: 'Create an API key',
      description:
        'Another key for the same account (an account may hold several, e.g. one per environment). The plain `key` is ' +
        'in this answer only: it is stored as a SHA-256 hash. No `Idempotency-Key` here: a replayed answer would have ' +
        'to store the key in plain text.',
      body: ApiKeyCreateBody,
      response: { 201: ApiKeyCreated, ...errorResponses(400, 401, 413, 415, 429) },
    },
    handler: async (req, reply) => {
      const created = await apiKeys.create(accountOf(req).id, req.body.name);
      reply.status(201);
      return { id: created.id, name: created.name, prefix: created.prefix, createdAt: created.createdAt.toISOString(), key: created.key };
    },
  });
};
