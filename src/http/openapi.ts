import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { transformObject } from './openapi-components.ts';

export const API_VERSION = '2.0.0';

/**
 * The OpenAPI 3.1 document is generated from the routes' zod schemas (the single source) and served at
 * /v2/openapi.json; /docs renders it. Both describe this process: the routes it registered and shows (the operator
 * API only with ADMIN_TOKEN, sandbox controls only with REGISTERS=sandbox) and the schemas those use.
 * `scripts/write-openapi.ts` commits the full service's copy, checked in CI.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'registrum API',
        version: API_VERSION,
        description:
          'Company data from official registers: search, profiles, people, ownership, documents and monitoring. ' +
          'All amounts are integers in credit cents. Every non-2xx response has the body `Error`, including malformed ' +
          'requests rejected before an operation runs: 400 `invalid_request` (undecodable URL, invalid JSON, bad ' +
          'parameters), 404 `resource_not_found` (unknown path), 405 `invalid_request` with an `Allow` header (known ' +
          'path, other method), 413 `invalid_request` (body over the size limit) and 415 `invalid_request` (a body ' +
          'that is not `application/json`).',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          adminToken: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN, for the operator API.' },
        },
      },
      security: [{ apiKey: [] }],
      tags: [
        { name: 'search', description: 'Find a company in a register.' },
        { name: 'companies', description: 'Retrieve company data and documents.' },
        { name: 'billing', description: 'Balance, billing events and prices.' },
        { name: 'monitors', description: 'Change monitoring.' },
        { name: 'webhooks', description: 'Webhook endpoints and deliveries.' },
        { name: 'api-keys', description: 'The account’s API keys: create (shown once), list, revoke.' },
        { name: 'workspaces', description: 'Workspaces a request is made for, and usage per workspace for rebilling.' },
        {
          name: 'operator',
          description:
            'Operator API (Authorization: Bearer ADMIN_TOKEN): present only when the service runs with ADMIN_TOKEN set; ' +
            'its sandbox controls only with REGISTERS=sandbox.',
        },
      ],
      webhooks: {
        'monitor.notification': {
          post: {
            tags: ['monitors'],
            summary: 'A monitored company changed',
            description:
              'Sent to every webhook endpoint of the account, signed per Standard Webhooks (headers `webhook-id`, ' +
              '`webhook-timestamp`, `webhook-signature`); a 2xx answer acknowledges it, anything else is retried.',
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/MonitorNotification' } } },
            },
            responses: { '200': { description: 'Received.' } },
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}

/**
 * A route's document transform that shows `body` as `documented`: for a body whose part the handler checks itself
 * (so the route's own schema, which validates, cannot say what that part looks like).
 */
export function documentBodyAs(documented: FastifySchema['body']): SwaggerTransform {
  return (input) => jsonSchemaTransform({ ...input, schema: { ...input.schema, body: documented } });
}
