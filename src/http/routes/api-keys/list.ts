import { ApiKeyList, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';
import { apiKeyView } from './views.ts';

export const register: RouteRegistrar = (app, { apiKeys }) => {
  typed(app).get('/v2/api-keys', {
    schema: {
      tags: ['api-keys'],
      summary: 'List API keys',
      description: 'The account’s working keys, oldest first: name, prefix, creation and last use. Never the keys themselves.',
      response: { 200: ApiKeyList, ...errorResponses(401, 429) },
    },
    handler: async (req) => ({ apiKeys: (await apiKeys.list(accountOf(req).id)).map(apiKeyView) }),
  });
};
