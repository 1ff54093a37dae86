import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fetchMonitoredView } from '../../src/monitors/view.ts';
import { startTestService, type TestService } from '../support/service.ts';

/**
 * What each register's mapping makes of a few sandbox companies, as monitors store it (`fetchMonitoredView`), hashed,
 * with the register's `mappingVersion`. A change to a mapping that alters an unchanged company's view must raise the
 * version (src/registers/README.md): else every monitor of the company would be told a change the register did not
 * make. `UPDATE_MAPPING_VERSIONS=1` records the current views once the version is right; a company added to a
 * register's list in the file is recorded the same way.
 */
const RECORDED = new URL('./mapping-versions.json', import.meta.url);
type Recorded = Record<string, { mappingVersion: number; views: Record<string, string> }>;

/**
 * The registers whose connectors give the digest of their answer (`Fetched.answerDigest`) for every watched data point:
 * all but TEST, whose generator is the register.
 */
const ANSWER_DIGESTS = ['CN', 'GB', 'JE', 'MT', 'US-NY'];

describe("the registers' mapping versions", () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ US_NY_SANDBOX_SEED_SIZE: '500' });
  });
  after(() => svc.close());

  const read = (code: string, companyId: string) => fetchMonitoredView(svc.registers.get(code)!, companyId, AbortSignal.timeout(30_000));

  it('each register maps its sample companies as recorded for its mapping version', { timeout: 120_000 }, async () => {
    const recorded = JSON.parse(readFileSync(RECORDED, 'utf8')) as Recorded;
    const now: Recorded = {};
    for (const register of svc.registers.all()) {
      const code = register.countryCode;
      const ids = Object.keys(recorded[code]?.views ?? {});
      assert.ok(ids.length, `${code}: record sample companies for it in test/api/mapping-versions.json`);
      const views: Record<string, string> = {};
      for (const id of ids)
        views[id] = createHash('sha256')
          .update(JSON.stringify((await read(code, id)).view))
          .digest('hex');
      now[code] = { mappingVersion: register.mappingVersion ?? 1, views };
    }
    if (process.env.UPDATE_MAPPING_VERSIONS === '1') writeFileSync(RECORDED, `${JSON.stringify(now, null, 2)}\n`);
    for (const [code, r] of Object.entries(now)) {
      const before = recorded[code]!;
      const changed = Object.keys(r.views).filter((id) => r.views[id] !== before.views[id]);
      if (changed.length)
        assert.notEqual(
          r.mappingVersion,
          before.mappingVersion,
          `${code}: what the mapping makes of ${changed.join(', ')} changed but its mappingVersion is still ${r.mappingVersion}: raise it ` +
            '(src/registers/README.md), or, when only the sandbox data changed, record the new views (UPDATE_MAPPING_VERSIONS=1)',
        );
      assert.deepEqual(r, before, `${code}: record the new version and views (UPDATE_MAPPING_VERSIONS=1)`);
    }
  });

  it('the registers that digest their answers give the same digest for the same answer, read twice', { timeout: 120_000 }, async () => {
    const recorded = JSON.parse(readFileSync(RECORDED, 'utf8')) as Recorded;
    for (const code of ANSWER_DIGESTS)
      for (const id of Object.keys(recorded[code]!.views)) {
        const [first, second] = [await read(code, id), await read(code, id)];
        assert.match(first.answerDigest ?? '', /^[0-9a-f]{64}$/, `${code} ${id}: a digest of the register's answer`);
        assert.equal(
          second.answerDigest,
          first.answerDigest,
          `${code} ${id}: the answer's digest changed between two reads of an unchanged company`,
        );
      }
  });
});
