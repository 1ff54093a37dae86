import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { RegistryEmulator, type EmulatorEndpoints } from '../emulator/server.ts';
import { ReportMailbox } from '../mail/report-mailbox.ts';
import { RegistryClient } from '../registry/client.ts';
import { MemorySandbox, movableClock } from '../test-support.ts';
import { ProfileReports } from './reports.ts';

/** A registry client that counts the orders it places. */
class CountingClient extends RegistryClient {
  orders = 0;
  override async orderReport(number: string, email: string, signal: AbortSignal): Promise<string> {
    this.orders++;
    return super.orderReport(number, email, signal);
  }
}

describe('JE profile reports: one order shared, waited for across attempts', () => {
  const sandbox = new MemorySandbox();
  const clock = movableClock();
  const emulator = new RegistryEmulator({ sandbox: sandbox.asStore(), latency: 'none', now: clock.now });
  let ends: EmulatorEndpoints;
  let client: CountingClient;
  let reports: ProfileReports;
  const timings = { attemptWaitMs: 10_000, orderTimeoutMs: 20_000, reuseMs: 60_000 };
  before(async () => {
    ends = await emulator.start();
    client = new CountingClient(async () => ends.registryUrl, { userAgent: 'test', timeoutMs: 10_000 });
    const box = new ReportMailbox(async () => ends.mailbox, 20);
    reports = new ProfileReports({
      registry: client,
      mailbox: async () => ({ box, address: ends.reportEmail }),
      now: clock.now,
      timings,
    });
  });
  after(() => emulator.stop());
  const signal = () => AbortSignal.timeout(20_000);

  it('shares one order among simultaneous callers and reuses the report for a while', async () => {
    const [a, b] = await Promise.all([reports.get('104325', signal()), reports.get('104325', signal())]);
    assert.equal(client.orders, 1);
    assert.equal(a, b);
    assert.equal(a.fields.entity['Entity Name'], 'Harbour View Holdings Limited');
    assert.equal((await reports.get('104325', signal())).reference, a.reference, 'reused');
    assert.equal(client.orders, 1);
    clock.advance(60_001);
    assert.notEqual((await reports.get('104325', signal())).reference, a.reference, 'ordered again once the reuse window is over');
    assert.equal(client.orders, 2);
  });

  it('fails an attempt that cannot wait as retryable, and the next attempt takes up the same order', async () => {
    sandbox.put(
      '6001',
      {
        entity: { name: 'Slow Report Limited', type: 'Registered Company Private', status: 'Active', registeredOn: '01/01/2020' },
        report: { registeredOffice: { addressLine1: '1 Slow Lane', city: 'St Helier' } },
      },
      { latencyMs: { profile: 700 } },
    );
    const before = client.orders;
    timings.attemptWaitMs = 150;
    await assert.rejects(reports.get('6001', signal()), { code: 'service_unavailable', retryable: true, message: /has not arrived yet/ });
    timings.attemptWaitMs = 10_000;
    const report = await reports.get('6001', signal());
    assert.equal(report.fields.office['Address Line 1'], '1 Slow Lane');
    assert.equal(client.orders - before, 1, 'one order for both attempts');
  });

  it('passes on a caller giving up, and a register error to every caller', async () => {
    const gaveUp = new AbortController();
    gaveUp.abort(new Error('deadline'));
    await assert.rejects(reports.get('4417', gaveUp.signal), /deadline/);
    await assert.rejects(reports.get('2981', signal()), { code: 'resource_not_found', message: /not active/ });
  });

  it('cannot receive reports without a mailbox (live mode unconfigured): not retryable', async () => {
    const without = new ProfileReports({
      registry: client,
      mailbox: async () => undefined,
      now: clock.now,
      timings: { attemptWaitMs: 1000, orderTimeoutMs: 5000, reuseMs: 0 },
    });
    await assert.rejects(without.get('104325', signal()), { code: 'service_unavailable', retryable: false, message: /JE_MAILBOX_HOST/ });
  });
});
