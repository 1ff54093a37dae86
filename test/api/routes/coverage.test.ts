import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { coverageProblems, perRouteTests, referenceProblems, type RouteTests } from '../../support/route-coverage.ts';
import { routeKey, servedRoutes, type Route } from '../../support/route-inventory.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { SCENARIO_TESTS } from './route-tests.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const TEST_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Every route the service serves (read from the running app's route tree, operator API and dashboard included) has a
 * test of its happy path and at least one of its errors: a new route without tests fails here.
 */
describe('tests per route', () => {
  let svc: TestService;
  let routes: Route[];
  let perRoute: Map<string, RouteTests>;
  before(async () => {
    svc = await startTestService();
    routes = servedRoutes(svc.app);
    perRoute = perRouteTests(HERE);
  });
  after(() => svc.close());

  it('reads the whole route table: the account and operator API, health and the dashboard', () => {
    const keys = routes.map(routeKey);
    for (const key of ['POST /v2/company', 'GET /v2/monitors/:id/logs', 'POST /admin/accounts', 'GET /healthz', 'GET /dashboard/*']) {
      assert.ok(keys.includes(key), `${key} in ${keys.join(', ')}`);
    }
    const doc = svc.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    // Every operation of the OpenAPI document is in the table (Fastify's `{id}` is the document's `:id`).
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        assert.ok(keys.includes(key), `${key} is documented but not in the table`);
      }
    }
  });

  it('has a happy-path test and an error test for every route', () => {
    assert.deepEqual(coverageProblems(routes, perRoute, SCENARIO_TESTS), []);
  });

  it('names only tests that exist and call the route', () => {
    assert.deepEqual(referenceProblems(TEST_ROOT, SCENARIO_TESTS), []);
  });

  it('fails for a route without tests, and for tests of a route that is gone', () => {
    const added = [...routes, { method: 'POST', url: '/v2/brand-new' }];
    assert.deepEqual(coverageProblems(added, perRoute, SCENARIO_TESTS), [
      'POST /v2/brand-new: no happy-path test',
      'POST /v2/brand-new: no error test',
    ]);
    const gone = routes.filter((r) => routeKey(r) !== 'GET /v2/monitors/:id');
    assert.deepEqual(coverageProblems(gone, perRoute, SCENARIO_TESTS), ['GET /v2/monitors/:id: tested, but the app serves no such route']);
    assert.deepEqual(
      referenceProblems(TEST_ROOT, {
        'GET /v2/pricing': { happy: ['api/company.test.ts › a test nobody wrote'], errors: ['api/company.test.ts › validates the body'] },
      }),
      [
        'GET /v2/pricing: no test api/company.test.ts › a test nobody wrote',
        'GET /v2/pricing: api/company.test.ts › validates the body never mentions /v2/pricing',
      ],
    );
  });
});
