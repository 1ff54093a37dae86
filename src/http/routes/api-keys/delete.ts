import { z } from 'zod';
import { ApiKeyParams, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { apiKeys }) => {
  typed(app).delete('/v2/api-keys/:id', {
    schema: {
      tags: ['api-keys'],
      summary: 'Revoke an API key',
      description:
        'The key answers 401 from then on; the key making this call may revoke itself. An account’s last key cannot be ' +
        'revoked (409): create another first. Another account’s key, or one revoked already, is a 404.',
      params: ApiKeyParams,
      response: { 204: z.null(), ...errorResponses(400, 401, 404, 409, 429) },
    },
    handler: async (req, reply) => {
      await apiKeys.revoke(accountOf(req).id, req.params.id);
      return reply.status(204).send(null);
    },
  });
};
