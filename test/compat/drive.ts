// Drives the service through every operation of the incumbent's document with a client generated from that document
// (openapi-fetch over test/compat/incumbent.d.ts), as a customer switching to us would, and records each answer.
import createClient from 'openapi-fetch';
import { eventually, type TestService } from '../support/service.ts';
import type { paths } from './incumbent.d.ts';

export interface Exchange {
  operationId: string;
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * The sandbox's TEST register is not in the incumbent's country enum (CONTRACT §3 adds it); a client generated from
 * the document still sends it, typed as one of its countries.
 */
const TEST = 'TEST' as 'FR';
const JE = 'JE';

export async function driveAll(svc: TestService, apiKey: string): Promise<Exchange[]> {
  const client = createClient<paths>({ baseUrl: svc.url, headers: { 'x-api-key': apiKey } });
  const out: Exchange[] = [];
  const record = async <R extends { response: Response; data?: unknown; error?: unknown }>(operationId: string, call: Promise<R>) => {
    const r = await call;
    const body = r.data ?? r.error;
    out.push({ operationId, status: r.response.status, body, headers: r.response.headers });
    return { status: r.response.status, body: body as any };
  };
  const company = 'CompanyController_getCompany_v2';
  const getRequest = 'CompanyController_getCompanyRequest_v2';

  // Pricing, search, balance.
  for (const countryCode of [JE, 'MT', 'CN'] as const) {
    await record('PricingController_getPricing_v2', client.GET('/v2/pricing', { params: { query: { countryCode } } }));
  }
  await record('PricingController_getPricing_v2', client.GET('/v2/pricing', { params: { query: { countryCode: TEST } } }));
  await record('SearchController_searchV2_v2', client.GET('/v2/search', { params: { query: { country: TEST, query: 'acme' } } }));
  await record('SearchController_searchV2_v2', client.GET('/v2/search', { params: { query: { country: JE, query: '104325' } } }));
  await record('SearchController_searchV2_v2', client.GET('/v2/search', { params: { query: { country: JE, query: 'Harbour View' } } }));
  await record('BillingBalanceController_getBalance_v2', client.GET('/v2/billing/balance'));

  // Company data: every data point in onboarding mode (answered at once), then verification polled to the end.
  const all = [
    'company',
    'companyProfile',
    'legalRepresentatives',
    'otherKeyPersons',
    'establishments',
    'shareholders',
    'subsidiaries',
    'ultimateBeneficialOwners',
    'availableDocuments',
  ] as const;
  const onboarding = await record(
    company,
    client.POST('/v2/company', { body: { id: 'ACME-HOLDING', countryCode: TEST, mode: 'onboarding', dataPoints: [...all] } }),
  );
  await record(company, client.POST('/v2/company', { body: { id: '104325', countryCode: JE, mode: 'onboarding', dataPoints: [...all] } }));
  const verification = await record(
    company,
    client.POST('/v2/company', { body: { id: 'ACME-HOLDING', countryCode: TEST, dataPoints: [...all, 'graph'] } }),
  );
  const requestId = verification.body?.request?.requestId as string | undefined;
  if (requestId) {
    await eventually(
      async () => {
        const r = await client.GET('/v2/company/{requestId}', { params: { path: { requestId } } });
        const status = (r.data as any)?.request?.dataStatus?.dataPoints ?? {};
        return Object.values(status).every((s: any) => s.status === 'succeeded' || s.status === 'failed');
      },
      30_000,
      100,
    );
    await record(getRequest, client.GET('/v2/company/{requestId}', { params: { path: { requestId } } }));
    await record(getRequest, client.GET('/v2/company/{requestId}', { params: { path: { requestId }, query: { transliterate: true } } }));
    // The incumbent re-reads a result with POST and only the request id.
    await record(company, client.POST('/v2/company', { body: { requestId } }));
  }

  // Documents: every listed one retrieved, then read back with its signed URLs.
  const documentIds = ((onboarding.body?.availableDocuments ?? []) as { id: string }[]).map((d) => d.id);
  if (documentIds.length > 0) {
    const docs = await record(
      company,
      client.POST('/v2/company', { body: { id: 'ACME-HOLDING', countryCode: TEST, mode: 'onboarding', documents: documentIds } }),
    );
    const docsRequest = docs.body?.request?.requestId as string | undefined;
    if (docsRequest) await record(getRequest, client.GET('/v2/company/{requestId}', { params: { path: { requestId: docsRequest } } }));
  }

  // The ownership graph (verification mode, polled until it settled), stopped by its budget, then continued from a
  // truncated node without the company id: the incumbent derives it from the parent graph.
  const settledGraph = async (requestId: string | undefined) => {
    if (!requestId) return undefined;
    await eventually(
      async () => {
        const r = await client.GET('/v2/company/{requestId}', { params: { path: { requestId } } });
        const s = (r.data as any)?.request?.dataStatus?.dataPoints?.graph?.status;
        return s === 'succeeded' || s === 'failed';
      },
      30_000,
      100,
    );
    return record(getRequest, client.GET('/v2/company/{requestId}', { params: { path: { requestId } } }));
  };
  const graph = await record(
    company,
    client.POST('/v2/company', { body: { id: 'GRAPH-CHAIN', countryCode: TEST, dataPoints: ['graph'], graphMaxBudget: 1 } }),
  );
  const graphDone = await settledGraph(graph.body?.request?.requestId);
  const truncated = ((graphDone?.body?.graph?.nodes ?? []) as any[]).find((n) => n.continuation)?.nodeId as string | undefined;
  if (!truncated) throw new Error('the budget-capped graph has no continuation to resume');
  const next = await record(
    company,
    client.POST('/v2/company', { body: { graphContinueFromNodeIds: [truncated], dataPoints: ['graph'] } as any }),
  );
  await settledGraph(next.body?.request?.requestId);

  await record(
    'CompanyOnboardingController_getOnboarding_v2',
    client.POST('/v2/onboarding', { body: { id: 'ACME-HOLDING', countryCode: TEST, dataPoints: ['companyProfile'] } }),
  );

  // Monitors.
  const monitor = await record(
    'MonitoringController_createMonitor_v2',
    client.POST('/v2/monitors', { body: { companyId: 'ACME-HOLDING', countryCode: TEST, metadata: { caseId: 'c-1' } } }),
  );
  await record('MonitoringController_listMonitors_v2', client.GET('/v2/monitors', { params: { query: { first: 10 } } }));
  const monitorId = monitor.body?.id as string | undefined;
  if (monitorId) {
    await record('MonitoringController_getMonitor_v2', client.GET('/v2/monitors/{id}', { params: { path: { id: monitorId } } }));
    await record(
      'MonitoringController_getMonitorLogs_v2',
      client.GET('/v2/monitors/{id}/logs', { params: { path: { id: monitorId }, query: { first: 5 } } }),
    );
    await record('MonitoringController_stopMonitoring_v2', client.DELETE('/v2/monitors/{id}', { params: { path: { id: monitorId } } }));
  }

  // Workspaces.
  await record(
    'WorkspaceController_createWorkspace_v2',
    client.POST('/v2/workspaces', { body: { name: 'branch-paris', legalName: 'Acme Paris SAS' } }),
  );
  await record('WorkspaceController_listWorkspaces_v2', client.GET('/v2/workspaces'));
  await record(
    'WorkspaceController_updateWorkspace_v2',
    client.PATCH('/v2/workspaces/{name}', { params: { path: { name: 'branch-paris' } }, body: { legalName: 'Acme Paris' } }),
  );
  await record('WorkspaceController_getUsageReport_v2', client.GET('/v2/workspaces/usage', { params: { query: {} } }));

  // Billing notifications.
  await record('BillingNotificationsController_getConfig_v2', client.GET('/v2/billing/notifications/config'));
  await record(
    'BillingNotificationsController_updateConfig_v2',
    client.PATCH('/v2/billing/notifications/config', {
      body: { lowBalanceEnabled: true, lowBalanceTiers: [{ tier: 'warning', cents: 1000 }] },
    }),
  );
  await record('BillingNotificationsController_listRecent_v2', client.GET('/v2/billing/notifications/recent', { params: { query: {} } }));
  const workspaceId = 'branch-paris';
  await record(
    'BillingNotificationsController_upsertWorkspaceOverride_v2',
    client.PATCH('/v2/billing/notifications/workspaces/{workspaceId}/config', {
      params: { path: { workspaceId } },
      body: { highUsageEnabled: true, highUsageTiers: [{ tier: 'warning', cents: 500 }] },
    }),
  );
  await record(
    'BillingNotificationsController_getWorkspaceOverride_v2',
    client.GET('/v2/billing/notifications/workspaces/{workspaceId}/config', { params: { path: { workspaceId } } }),
  );
  await record(
    'BillingNotificationsController_deleteWorkspaceOverride_v2',
    client.DELETE('/v2/billing/notifications/workspaces/{workspaceId}/config', { params: { path: { workspaceId } } }),
  );
  await record(
    'WorkspaceController_deleteWorkspace_v2',
    client.DELETE('/v2/workspaces/{name}', { params: { path: { name: 'branch-paris' } } }),
  );
  return out;
}
