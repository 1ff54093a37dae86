import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';

/**
 * The TEST register's delay tokens (src/registers/testreg/README.md): `DELAY_10M` waits 10 minutes on the sandbox's
 * time scale, a hundredth of it (6 s) here, longer than this service's 2 s onboarding deadline (long enough for an
 * undelayed company on a loaded CI machine), and `DELAY_5M` 3 s.
 */
describe('TEST delay tokens through the API', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ ONBOARDING_DEADLINE_MS: '2000' });
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  const post = (body: object) => svc.call('POST', '/v2/company', { key, body: { countryCode: 'TEST', dataPoints: ['company'], ...body } });

  it('onboarding times out on a delayed company and answers at the deadline', async () => {
    const started = Date.now();
    const res = await post({ id: 'ACME-DELAY_10M', mode: 'onboarding' });
    const took = Date.now() - started;
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const company = res.body.request.dataStatus.dataPoints.company;
    assert.equal(company.status, 'failed');
    assert.equal(company.error.code, 'onboarding_timeout');
    assert.ok(took >= 1900 && took < 5900, `answered at the deadline, not after the delay (${took} ms)`);

    // The same deadline is no problem for a company without a token.
    const quick = await post({ id: 'ACME-QUICK', mode: 'onboarding' });
    assert.equal(quick.body.request.dataStatus.dataPoints.company.status, 'succeeded');
  });

  it('verification waits the delay out and delivers the company', async () => {
    const started = Date.now();
    const res = await post({ id: 'delay_5m-acme', mode: 'verification' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const done = await eventually(
      async () => {
        const r = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
        return r.body.request.dataStatus.dataPoints.company.status !== 'in_progress' && r;
      },
      15_000,
      50,
    );
    assert.equal(done.body.request.dataStatus.dataPoints.company.status, 'succeeded');
    assert.equal(done.body.company.id, 'delay_5m-acme');
    assert.ok(Date.now() - started >= 2900, 'the token (lower case) delayed the register by 5M / 100');
  });

  it('a token that does not stand on its own delays nothing', async () => {
    const started = Date.now();
    const res = await post({ id: 'ACME-DELAY_5MX', mode: 'onboarding' });
    assert.equal(res.body.request.dataStatus.dataPoints.company.status, 'succeeded');
    // Read as DELAY_5M it would take 3 s at least.
    assert.ok(Date.now() - started < 2900);
  });
});
