// Drop-in compatibility with the incumbent API (issue 17): a client generated from the incumbent's OpenAPI document
// drives every operation it shares with us, and every answer is validated against the incumbent's schemas (ajv: enums,
// required fields, types). What differs on purpose is listed in deliberate-differences.json (and the README's table);
// anything else fails the test, and so does a listed difference that no longer occurs (the list only shrinks).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { generateIncumbentTypes, INCUMBENT_TYPES } from '../../scripts/compat-types.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { driveAll, type Exchange } from './drive.ts';
import { findingKey, operations, validateResponse, type Finding } from './incumbent-schemas.ts';
import { probeRequestFields, type FieldFigures } from './request-fields.ts';

interface Difference {
  key: string;
  reason: string;
}
const listed = JSON.parse(readFileSync(new URL('./deliberate-differences.json', import.meta.url), 'utf8')) as {
  deliberate: Difference[];
  pending: Difference[];
};

describe('compatibility with the incumbent API', () => {
  let svc: TestService;
  let key: string;
  let exchanges: Exchange[];
  let fields: FieldFigures;
  before(async () => {
    svc = await startTestService();
    key = (await svc.newAccount({ credits: 100_000_000 })).apiKey;
    exchanges = await driveAll(svc, key);
    const requestId = (exchanges.find((e) => e.operationId === 'CompanyController_getCompany_v2' && e.status === 200)?.body as any)?.request
      ?.requestId;
    const monitorId = (exchanges.find((e) => e.operationId === 'MonitoringController_createMonitor_v2')?.body as any)?.id;
    await svc.call('POST', '/v2/workspaces', { key, body: { name: 'probe', legalName: 'Probe Ltd' } });
    fields = await probeRequestFields(svc, key, { requestId: requestId ?? 'none', monitorId: monitorId ?? 'none' });
  });
  after(() => svc.close());

  it('keeps the generated client types current with the incumbent document', async () => {
    assert.equal(readFileSync(INCUMBENT_TYPES, 'utf8'), await generateIncumbentTypes(), 'run npm run compat:types');
  });

  it('lists every deliberate difference in the README table, and only those', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('### Deliberate differences from the incumbent API'));
    const rows = table.split('\n').filter((l) => l.startsWith('| ') && l.includes('`'));
    assert.equal(rows.length, listed.deliberate.length);
    for (const d of listed.deliberate) {
      const [, keyword, path] = d.key.split(' ');
      assert.ok(
        rows.some((r) => r.includes(`\`${path}\` (${keyword})`)),
        `README row for ${d.key}`,
      );
    }
  });

  it('answers every shared operation as the incumbent documents it, except the listed differences', () => {
    const findings: Finding[] = exchanges.flatMap((e) => validateResponse(e.operationId, e.status, e.body));
    findings.push(...fields.refused);
    const byKey = new Map<string, Finding>();
    for (const f of findings) if (!byKey.has(findingKey(f))) byKey.set(findingKey(f), f);

    const deliberate = new Set(listed.deliberate.map((d) => d.key));
    const pending = new Set(listed.pending.map((d) => d.key));
    const unexplained = [...byKey.entries()].filter(([k]) => !deliberate.has(k) && !pending.has(k));
    const stale = [...deliberate, ...pending].filter((k) => !byKey.has(k));

    const present = new Set(exchanges.filter((e) => e.status !== 404 && e.status !== 405).map((e) => e.operationId));
    const validating = exchanges.filter((e) => validateResponse(e.operationId, e.status, e.body).length === 0).length;
    const outsideDeliberate = exchanges.filter((e) =>
      validateResponse(e.operationId, e.status, e.body).some((f) => !deliberate.has(findingKey(f))),
    ).length;
    console.log(
      `compat: operations present ${present.size}/${operations.length}; responses validating ${validating}/${exchanges.length} ` +
        `(${exchanges.length - outsideDeliberate} with the deliberate differences set aside); ` +
        `request fields accepted ${fields.accepted}/${fields.total}; findings ${byKey.size} ` +
        `(deliberate ${listed.deliberate.length}, pending ${listed.pending.length})`,
    );
    for (const [k, f] of byKey)
      console.log(`  ${deliberate.has(k) ? 'deliberate' : pending.has(k) ? 'pending' : 'UNEXPLAINED'} ${k}: ${f.detail}`);
    for (const k of stale) console.log(`  STALE ${k}`);

    assert.deepEqual(
      unexplained.map(([k, f]) => `${k}: ${f.detail}`),
      [],
      'answers outside the incumbent schema that no listed difference explains',
    );
    assert.deepEqual(stale, [], 'listed differences that no longer occur: remove them from deliberate-differences.json');
  });
});
