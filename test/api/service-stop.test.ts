import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startHmrcEmulator } from '../../src/tax-verification/hmrc/emulator.ts';
import { startViesEmulator } from '../../src/tax-verification/vies/emulator.ts';
import { eventually, startTestService } from '../support/service.ts';

// A stopped service leaves nothing running: a register call in flight (a CN credit report takes minutes at the
// spec's timings) ends with the service. Before, the shared report fetch kept polling and the portal emulator kept
// sleeping out its latency on an open connection, so a process that had stopped its service lived minutes longer.

/** The process's timers and TCP handles, by kind (unref'd timers, which never keep it alive, are not listed). */
function handles(): Record<string, number> {
  const counts: Record<string, number> = { Timeout: 0, TCPSocketWrap: 0, TCPServerWrap: 0 };
  for (const kind of process.getActiveResourcesInfo()) if (kind in counts) counts[kind]!++;
  return counts;
}
const noneAdded = (before: Record<string, number>) => {
  const now = handles();
  return Object.keys(before).every((k) => now[k]! <= before[k]!) && now;
};

describe('service stop', () => {
  it('ends a CN verification in flight: no timer or connection of the service is left', { timeout: 60_000 }, async () => {
    const before = handles();
    const svc = await startTestService({ SANDBOX_LATENCY: 'realistic' });
    let closed = false;
    try {
      const { apiKey } = await svc.newAccount();
      // Resolves once a job has called the CN register, whose report then takes minutes.
      const cn = svc.registers.get('CN')!;
      const called = new Promise<void>((resolve) => {
        const fetch = cn.fetch.bind(cn);
        cn.fetch = (...args) => {
          resolve();
          return fetch(...args);
        };
      });
      const res = await svc.call('POST', '/v2/company', {
        key: apiKey,
        body: { id: '91500103MA5U3B2X2K', countryCode: 'CN', dataPoints: ['company', 'availableDocuments'] },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      await called;
      const status = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key: apiKey });
      assert.equal(status.body.request.dataStatus.dataPoints.company.status, 'in_progress');

      await svc.close();
      closed = true;
      // Sockets take a moment to see their peer's close; a left-over timer or connection stays for minutes.
      await eventually(async () => noneAdded(before), 3_000, 50).catch(() => {
        assert.deepEqual(handles(), before, 'timers and TCP handles left after the service stopped');
      });
    } finally {
      if (!closed) await svc.close();
    }
  });

  // The tax authorities' emulators: a request sleeping out its latency ends with the emulator (the service's stop
  // closes them). Their spec latency is under a second, so a long one shows a sleep that outlives the close.
  for (const [name, start, path] of [
    ['HMRC', startHmrcEmulator, '/oauth/token'],
    ['VIES', startViesEmulator, '/check-vat-number'],
  ] as const) {
    it(`a ${name} emulator closed with a request in flight leaves no timer`, { timeout: 30_000 }, async () => {
      const before = handles();
      const emulator = await start({
        find: () => undefined,
        isInOutage: async () => false,
        latencyMs: () => 120_000,
        now: () => new Date(),
        clientId: 'id',
        clientSecret: 'secret',
      });
      const answer = fetch(emulator.url + path, { method: 'POST', body: JSON.stringify({ countryCode: 'LU', vatNumber: '1' }) }).catch(
        () => undefined,
      );
      await eventually(async () => handles().Timeout! > before.Timeout!, 5_000, 10);
      await emulator.close();
      await answer;
      await eventually(async () => noneAdded(before), 3_000, 50).catch(() => {
        assert.deepEqual(handles(), before, 'timers and TCP handles left after the emulator closed');
      });
    });
  }
});
