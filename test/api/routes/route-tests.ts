/**
 * Routes whose happy path and errors are tested in scenario files outside test/api/routes/ (written before the
 * per-route files), by route key (`METHOD /url` as Fastify registers it) and test: `<file under test/> › <the start
 * of the test's title>`. The coverage test checks each reference names a real test; routes tested in test/api/routes/
 * need no entry here (their `describe('METHOD /url')` blocks are found there).
 */
export const SCENARIO_TESTS: Record<string, { happy?: string[]; errors?: string[] }> = {
  // The account API
  'GET /v2/search': {
    happy: ['api/search.test.ts › finds TEST companies by name'],
    errors: ['api/search.test.ts › validates its parameters'],
  },
  'GET /v2/company/:requestId': {
    happy: ['api/company.test.ts › verification mode answers in_progress at once'],
    errors: ["api/company.test.ts › another account's request is a 404"],
  },
  'GET /v2/billing/events': {
    happy: ['api/billing.test.ts › lists events newest first, a page at a time'],
    errors: ['api/hostile-input.test.ts › refuses forged page cursors with a 400'],
  },
  'GET /v2/billing/notifications/config': {
    happy: ['api/billing-notifications.test.ts › shows defaults, validates changes'],
    errors: ['api/billing-notifications.test.ts › shows defaults, validates changes'],
  },
  'PATCH /v2/billing/notifications/config': {
    happy: ['api/billing-notifications.test.ts › shows defaults, validates changes'],
    errors: ['api/billing-notifications.test.ts › shows defaults, validates changes'],
  },
  'GET /v2/billing/notifications/recent': {
    happy: ['api/billing-notifications.test.ts › sends billing.low_balance once per tier'],
    errors: ['api/billing-notifications.test.ts › sends billing.high_usage per workspace'],
  },
  'GET /v2/billing/notifications/workspaces/:workspaceId/config': {
    happy: ['api/billing-notifications.test.ts › sends billing.high_usage per workspace'],
    errors: ['api/billing-notifications.test.ts › sends billing.high_usage per workspace'],
  },
  'POST /v2/webhook-endpoints': {
    happy: ['api/webhooks.test.ts › creates, lists and deletes endpoints'],
    errors: ['api/webhooks.test.ts › refuses bad URLs and bodies with 400'],
  },
  'GET /v2/webhook-endpoints': {
    happy: ['api/webhooks.test.ts › creates, lists and deletes endpoints'],
    errors: ['api/webhooks.test.ts › needs an API key, and another account'],
  },
  'DELETE /v2/webhook-endpoints/:id': {
    happy: ['api/webhooks.test.ts › creates, lists and deletes endpoints'],
    errors: ['api/webhooks.test.ts › needs an API key, and another account'],
  },
  'POST /v2/webhook-endpoints/:id/test': {
    happy: ['api/webhook-test-event.test.ts › sends a signed webhook.test to that endpoint only'],
    errors: ['api/webhook-test-event.test.ts › is a 404 for another account'],
  },
  'GET /v2/workspaces': {
    happy: ['api/workspaces.test.ts › creates, lists, renames and deletes workspaces'],
    errors: ['api/workspaces.test.ts › creates, lists, renames and deletes workspaces'],
  },
  'POST /v2/workspaces': {
    happy: ['api/workspaces.test.ts › creates, lists, renames and deletes workspaces'],
    errors: ['api/workspaces.test.ts › creates, lists, renames and deletes workspaces'],
  },
  'PATCH /v2/workspaces/:name': {
    happy: ['api/workspaces.test.ts › creates, lists, renames and deletes workspaces'],
    errors: ['api/workspaces.test.ts › creates, lists, renames and deletes workspaces'],
  },
  'DELETE /v2/workspaces/:name': {
    happy: ['api/workspaces.test.ts › creates, lists, renames and deletes workspaces'],
    errors: ['api/workspaces.test.ts › creates, lists, renames and deletes workspaces'],
  },
  'GET /v2/workspaces/usage': {
    happy: ['api/workspaces.test.ts › carries a request'],
    errors: ['api/workspaces.test.ts › carries a request'],
  },
  'POST /v2/monitors': {
    happy: ['api/monitors.test.ts › creates (201) or retrieves (200) one active monitor'],
    errors: ['api/monitors.test.ts › creates (201) or retrieves (200) one active monitor'],
  },
  'POST /v2/api-keys': {
    happy: ['api/api-keys.test.ts › creates a second key that works at once'],
    errors: ['api/api-keys.test.ts › validates names and ids with 400s'],
  },
  'GET /v2/api-keys': {
    happy: ['api/api-keys.test.ts › creates a second key that works at once'],
    errors: ['api/api-keys.test.ts › keeps accounts apart'],
  },
  'DELETE /v2/api-keys/:id': {
    happy: ['api/api-keys.test.ts › revokes a key: it answers 401 at once'],
    errors: ['api/api-keys.test.ts › revokes a key: it answers 401 at once', 'api/api-keys.test.ts › keeps accounts apart'],
  },

  // Operations
  'GET /readyz': {
    happy: ['ops/health.test.ts › GET /readyz is 200 with its checks'],
    errors: ['ops/health.test.ts › GET /readyz is 503 with the reason'],
  },

  // The dashboard
  'GET /dashboard': {
    happy: ['dashboard/sign-in.test.ts › creates an account with its owner and a one-time set-up link'],
    errors: ['dashboard/sign-in.test.ts › sends a signed-out visitor to the sign-in page'],
  },
  'GET /dashboard/*': {
    happy: ['dashboard/api-keys.test.ts › answers an unknown dashboard page with its own 404 page'],
    errors: ['dashboard/api-keys.test.ts › answers an unknown dashboard page with its own 404 page'],
  },
  'POST /dashboard/sign-in': {
    happy: ['dashboard/sign-in.test.ts › sends a signed-out visitor to the sign-in page'],
    errors: ['dashboard/sign-in.test.ts › locks a sign-in out after five wrong passwords', 'dashboard/sign-in.test.ts › an unknown e-mail'],
  },
  'POST /dashboard/sign-out': {
    happy: ['dashboard/sign-in.test.ts › signs out: the session no longer opens pages'],
  },
  'GET /dashboard/setup/:token': { happy: ['dashboard/sign-in.test.ts › creates an account with its owner and a one-time set-up link'] },
  'POST /dashboard/setup/:token': { happy: ['dashboard/sign-in.test.ts › creates an account with its owner and a one-time set-up link'] },
  'POST /dashboard/account/password': {
    happy: ['dashboard/sign-in.test.ts › changes a password: the current one is checked'],
    errors: ['dashboard/sign-in.test.ts › changes a password: the current one is checked'],
  },
  'POST /dashboard/account/members': {
    happy: ['dashboard/sign-in.test.ts › lets an owner invite a member'],
    errors: ['dashboard/sign-in.test.ts › lets an owner invite a member'],
  },
  'GET /dashboard/api-keys': {
    happy: ['dashboard/api-keys.test.ts › creates a key shown once'],
    errors: ['api/security-matrix.test.ts › sends a signed-out visitor of every dashboard page'],
  },
  'POST /dashboard/api-keys': {
    happy: ['dashboard/api-keys.test.ts › creates a key shown once'],
    errors: ['dashboard/api-keys.test.ts › refuses an empty name with the form again (400)'],
  },
  'POST /dashboard/api-keys/:id/revoke': {
    happy: ['dashboard/api-keys.test.ts › creates a key shown once'],
    errors: ['dashboard/api-keys.test.ts › answers 404 for another account'],
  },
  'GET /dashboard/webhooks': {
    happy: ['dashboard/pages.test.ts › adds an endpoint (secret shown once)'],
    errors: ['dashboard/pages.test.ts › never shows another account'],
  },
  'POST /dashboard/webhooks': {
    happy: ['dashboard/pages.test.ts › adds an endpoint (secret shown once)'],
    errors: ['api/security-matrix.test.ts › refuses every dashboard form without its CSRF token'],
  },
  'GET /dashboard/webhooks/:id': {
    happy: ['dashboard/pages.test.ts › adds an endpoint (secret shown once)'],
    errors: ['dashboard/pages.test.ts › never shows another account'],
  },
  'POST /dashboard/webhooks/:id/test': {
    happy: ['dashboard/pages.test.ts › adds an endpoint (secret shown once)'],
    errors: ['dashboard/pages.test.ts › never shows another account'],
  },
  'GET /dashboard/webhooks/:id/messages/:messageId': {
    happy: ['dashboard/pages.test.ts › adds an endpoint (secret shown once)'],
    errors: ['dashboard/pages.test.ts › never shows another account'],
  },
  'POST /dashboard/webhooks/:id/messages/:messageId/retry': {
    happy: ['dashboard/pages.test.ts › adds an endpoint (secret shown once)'],
    errors: ['dashboard/pages.test.ts › never shows another account'],
  },
  'GET /dashboard/requests': {
    happy: ['dashboard/pages.test.ts › retrieves a company from the playground'],
    errors: ['dashboard/pages.test.ts › never shows another account'],
  },
  'GET /dashboard/requests/:id': {
    happy: ['dashboard/pages.test.ts › retrieves a company from the playground'],
    errors: ['dashboard/pages.test.ts › never shows another account'],
  },
  'GET /dashboard/monitors': {
    happy: ['dashboard/pages.test.ts › creates a monitor, shows its check log, and stops it'],
    errors: ['dashboard/pages.test.ts › never shows another account'],
  },
  'POST /dashboard/monitors': {
    happy: ['dashboard/pages.test.ts › creates a monitor, shows its check log, and stops it'],
    errors: ['api/security-matrix.test.ts › refuses every dashboard form without its CSRF token'],
  },
  'GET /dashboard/playground': {
    happy: ['dashboard/pages.test.ts › retrieves a company from the playground'],
    errors: ['api/security-matrix.test.ts › sends a signed-out visitor of every dashboard page'],
  },
  'POST /dashboard/playground/retrieve': {
    happy: ['dashboard/pages.test.ts › retrieves a company from the playground'],
    errors: ['dashboard/pages.test.ts › shows a playground mistake as a 4xx on the page'],
  },
};
