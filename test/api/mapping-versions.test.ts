import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fetchMonitoredView } from '../../src/monitors/view.ts';
import { startTestService, type TestService } from '../support/service.ts';

/**
 * What each register's mapping makes of one sandbox company, as monitors store it (`fetchMonitoredView`), hashed, with
 * the register's `mappingVersion`. A change to a mapping that alters an unchanged company's view must raise the
 * version (src/registers/README.md): else every monitor of a GB or US-NY company would be told a change the register
 * did not make. `UPDATE_MAPPING_VERSIONS=1` records the current views once the version is right.
 */
const RECORDED = new URL('./mapping-versions.json', import.meta.url);
type Recorded = Record<string, { companyId: string; mappingVersion: number; view: string }>;

describe("the registers' mapping versions", () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ US_NY_SANDBOX_SEED_SIZE: '500' });
  });
  after(() => svc.close());

  it('each register maps its sample company as recorded for its mapping version', { timeout: 60_000 }, async () => {
    const recorded = JSON.parse(readFileSync(RECORDED, 'utf8')) as Recorded;
    const now: Recorded = {};
    for (const register of svc.registers.all()) {
      const code = register.countryCode;
      assert.ok(recorded[code], `${code}: record a sample company for it in test/api/mapping-versions.json`);
      const view = await fetchMonitoredView(register, recorded[code].companyId, AbortSignal.timeout(30_000));
      now[code] = {
        companyId: recorded[code].companyId,
        mappingVersion: register.mappingVersion ?? 1,
        view: createHash('sha256').update(JSON.stringify(view)).digest('hex'),
      };
    }
    if (process.env.UPDATE_MAPPING_VERSIONS === '1') writeFileSync(RECORDED, `${JSON.stringify(now, null, 2)}\n`);
    for (const [code, r] of Object.entries(now)) {
      const before = recorded[code]!;
      if (r.view !== before.view)
        assert.notEqual(
          r.mappingVersion,
          before.mappingVersion,
          `${code}: what the mapping makes of ${r.companyId} changed but its mappingVersion is still ${r.mappingVersion}: raise it ` +
            '(src/registers/README.md), or, when only the sandbox data changed, record the new view (UPDATE_MAPPING_VERSIONS=1)',
        );
      assert.deepEqual(r, before, `${code}: record the new version and view (UPDATE_MAPPING_VERSIONS=1)`);
    }
  });
});
