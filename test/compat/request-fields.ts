// Measures which of the incumbent's request fields we accept: for every body field and query parameter of its
// document, one request that is valid without it, sent with it. Accepted means not refused as invalid (400) and not
// unknown (404/405): a 402, 406 or 422 is a business answer to a request that was understood.
import type { TestService } from '../support/service.ts';
import { incumbent, operations, type Finding, type Operation } from './incumbent-schemas.ts';

interface Probe {
  /** Path with its parameters filled in. */
  path: string;
  /** A request valid without the probed field. */
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** Values for fields whose documented example does not fit the sandbox. */
  samples?: Record<string, unknown>;
}

const companyBase = { id: 'ACME-HOLDING', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] };
const companySamples = {
  countryCode: 'TEST',
  dataPoints: ['company'],
  documents: [],
  graphContinueFromNodeIds: ['TEST:LU-B245871'],
  // Budgets as the incumbent types them: numbers, decimals included.
  graphMaxBudget: 1000.5,
  profileMaxBudget: 500.5,
  maxBudget: 2000.5,
  mode: 'onboarding',
};

/** One probe per operation (keyed by operationId); `{requestId}` is filled in at run time. */
const PROBES: Record<string, Probe> = {
  PricingController_getPricing_v2: { path: '/v2/pricing', query: { countryCode: 'JE' } },
  MonitoringController_createMonitor_v2: {
    path: '/v2/monitors',
    body: { companyId: 'ACME-HOLDING', countryCode: 'TEST' },
    samples: { countryCode: 'TEST', companyId: 'ACME-HOLDING' },
  },
  MonitoringController_listMonitors_v2: { path: '/v2/monitors', samples: { countryCode: 'JE', after: undefined } },
  MonitoringController_getMonitorLogs_v2: { path: '/v2/monitors/{monitorId}/logs', samples: { after: undefined } },
  SearchController_searchV2_v2: { path: '/v2/search', query: { country: 'TEST', query: 'acme' }, samples: { stream: false } },
  CompanyController_getCompany_v2: { path: '/v2/company', body: companyBase, samples: companySamples },
  CompanyController_getCompanyRequest_v2: { path: '/v2/company/{requestId}' },
  CompanyOnboardingController_getOnboarding_v2: {
    path: '/v2/onboarding',
    body: { id: 'ACME-HOLDING', countryCode: 'TEST' },
    samples: { countryCode: 'TEST', id: 'ACME-HOLDING' },
  },
  WorkspaceController_createWorkspace_v2: {
    path: '/v2/workspaces',
    body: { name: 'probe-create', legalName: 'Probe Ltd' },
    samples: { name: 'probe-name' },
  },
  WorkspaceController_updateWorkspace_v2: { path: '/v2/workspaces/probe', body: {} },
  WorkspaceController_getUsageReport_v2: {
    path: '/v2/workspaces/usage',
    samples: { startDate: '2026-01-01', endDate: '2026-12-31', workspace: 'probe' },
  },
  BillingNotificationsController_updateConfig_v2: { path: '/v2/billing/notifications/config', body: {} },
  BillingNotificationsController_listRecent_v2: { path: '/v2/billing/notifications/recent', samples: { limit: 10 } },
  BillingNotificationsController_upsertWorkspaceOverride_v2: { path: '/v2/billing/notifications/workspaces/probe/config', body: {} },
};

const resolve = (schema: any): any =>
  schema?.$ref ? incumbent.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;

/** Body schemas of an operation: a `oneOf` of two DTOs is two sets of fields (the second probed alone). */
function bodySchemas(op: Operation): any[] {
  const schema = op.requestBody?.content?.['application/json']?.schema;
  if (!schema) return [];
  return schema.oneOf ? schema.oneOf.map(resolve) : [resolve(schema)];
}

function sampleOf(schema: any): unknown {
  const s = resolve(schema);
  if (s.example !== undefined) return s.example;
  if (s.enum) return s.enum[0];
  if (s.type === 'array') return s.items ? [sampleOf(s.items)] : [];
  if (s.type === 'boolean') return true;
  if (s.type === 'number' || s.type === 'integer') return 10;
  if (s.properties) return Object.fromEntries((s.required ?? []).map((k: string) => [k, sampleOf(s.properties[k])]));
  if (s.type === 'object') return {};
  return 'x';
}

export interface FieldFigures {
  total: number;
  accepted: number;
  refused: Finding[];
}

export async function probeRequestFields(svc: TestService, apiKey: string, ids: { requestId: string; monitorId: string }) {
  const figures: FieldFigures = { total: 0, accepted: 0, refused: [] };
  const fill = (path: string) => path.replace('{requestId}', ids.requestId).replace('{monitorId}', ids.monitorId);
  for (const op of operations) {
    const probe = PROBES[op.operationId];
    if (!probe) continue;
    const tries: { field: string; body?: unknown; query: Record<string, string> }[] = [];
    for (const param of op.parameters.filter((p) => p.in === 'query')) {
      const value = probe.samples && param.name in probe.samples ? probe.samples[param.name] : sampleOf(param.schema);
      if (value === undefined) continue;
      tries.push({ field: `query ${param.name}`, body: probe.body, query: { ...probe.query, [param.name]: String(value) } });
    }
    bodySchemas(op).forEach((schema, i) => {
      for (const [name, prop] of Object.entries<any>(schema.properties ?? {})) {
        const value = probe.samples && name in probe.samples ? probe.samples[name] : sampleOf(prop);
        const base = i === 0 ? (probe.body ?? {}) : {};
        const body = name === 'requestId' ? { requestId: ids.requestId } : { ...base, [name]: value };
        tries.push({ field: `body ${name}`, body, query: { ...probe.query } });
      }
    });
    for (const t of tries) {
      figures.total++;
      const qs = new URLSearchParams(t.query).toString();
      const res = await fetch(`${svc.url}${fill(probe.path)}${qs ? `?${qs}` : ''}`, {
        method: op.method,
        headers: { 'x-api-key': apiKey, ...(t.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: t.body === undefined ? undefined : JSON.stringify(t.body),
      });
      const text = await res.text();
      if (res.status === 400 || res.status === 404 || res.status === 405) {
        figures.refused.push({
          operationId: op.operationId,
          keyword: 'request',
          path: t.field,
          detail: `${res.status} ${text.slice(0, 160)}`,
        });
      } else figures.accepted++;
    }
  }
  return figures;
}
