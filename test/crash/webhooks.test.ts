import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { eventually } from '../support/service.ts';
import { processStorage, startProcess, type ServiceProcess } from '../support/process.ts';
import { WebhookReceiver, verify } from '../support/webhook-receiver.ts';

const KEY = 'rk_webhook-crash-key-0123456789abcdef';
const ADMIN = 'webhook-crash-admin';

describe('crash safety of webhook deliveries', () => {
  const storage = processStorage();
  let rx: WebhookReceiver;
  const procs: ServiceProcess[] = [];
  after(async () => {
    // SIGKILL: a cleanup that waited for a clean stop could hang the whole run.
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) await p.kill();
    await rx?.close();
    await storage.cleanup();
  });

  it('delivers every event after a SIGKILL, with its original message id', { timeout: 240_000 }, async () => {
    rx = await WebhookReceiver.start();
    let receiverUp = false;
    rx.on('/crash', () => ({ status: receiverUp ? 200 : 503 }));
    const env = {
      ...storage.env,
      BOOTSTRAP_API_KEY: KEY,
      ADMIN_TOKEN: ADMIN,
      SANDBOX_LATENCY: 'none',
      // Many quick attempts: the receiver is down before the kill and up after the restart.
      WEBHOOK_RETRY_SCHEDULE: '0,300ms,300ms,300ms,300ms,1s,1s,1s,1s,1s,2s,2s,2s,2s,2s,5s,5s,5s',
    };
    const first = await startProcess(env);
    procs.push(first);
    const call = (base: string, method: string, path: string, body?: unknown, admin = false) =>
      fetch(base + path, {
        method,
        headers: { 'content-type': 'application/json', ...(admin ? { authorization: `Bearer ${ADMIN}` } : { 'x-api-key': KEY }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: r.status === 204 ? undefined : await r.json() }));

    const endpoint = await call(first.url, 'POST', '/v2/webhook-endpoints', { url: `${rx.url}/crash` });
    assert.equal(endpoint.status, 201);
    const requestIds: string[] = [];
    const requestCompany = async (id: string) => {
      const res = await call(first.url, 'POST', '/v2/company', {
        id,
        countryCode: 'TEST',
        dataPoints: ['company', 'legalRepresentatives'],
      });
      assert.equal(res.status, 200);
      requestIds.push(res.body.request.requestId);
      return res.body.request.requestId as string;
    };
    for (const id of ['ACME', 'ZX81', 'ACME-HOLDING', 'GLOBEX', 'INITECH', 'UMBRELLA']) await requestCompany(id);
    // Some deliveries have failed at least once (pending, retrying) before the kill.
    await eventually(async () => rx.at('/crash').length >= 3, 60_000);
    // A register outage keeps two more requests, and so their events, in flight at the kill; it ends after the restart.
    assert.equal((await call(first.url, 'POST', '/admin/sandbox/TEST/outage', { durationMs: 10_000 }, true)).status, 200);
    const inFlight = [await requestCompany('OUTAGE-1'), await requestCompany('OUTAGE-2')];
    const before = await call(first.url, 'GET', `/v2/company/${inFlight[0]}`);
    assert.equal(before.body.request.dataStatus.dataPoints.company.status, 'in_progress', 'a request still in flight at the kill');
    await first.kill();
    const seenBeforeKill = new Set(rx.at('/crash').map((r) => r.id));
    assert.ok(seenBeforeKill.size >= 1);
    receiverUp = true;

    const second = await startProcess(env);
    procs.push(second);
    const delivered = (id: string) => rx.at('/crash').some((r) => r.id === id && r.answered === 200);
    // Every message that was attempted before the kill arrives after it, with the same id.
    for (const id of seenBeforeKill) await eventually(async () => delivered(id), 60_000, 200);
    // Every request's final state arrives, signed.
    for (const requestId of requestIds) {
      const final = await eventually(
        async () => {
          return rx.at('/crash').find((r) => {
            const p = JSON.parse(r.body);
            const entries = Object.values(p.request?.dataStatus?.dataPoints ?? {}) as { status: string }[];
            return (
              r.answered === 200 &&
              p.request.requestId === requestId &&
              entries.length > 0 &&
              entries.every((e) => e.status === 'succeeded')
            );
          });
        },
        90_000,
        200,
      );
      assert.equal(verify(endpoint.body.secret, final).type, 'company.updated');
    }
    // And nothing the service logged is left undelivered.
    await eventually(
      async () => {
        const log = await call(second.url, 'GET', `/v2/webhook-endpoints/${endpoint.body.id}/deliveries?first=100`);
        const ids = new Set<string>(log.body.deliveries.map((d: { messageId: string }) => d.messageId));
        return [...ids].every(delivered);
      },
      30_000,
      200,
    );
    await second.stop();
  });
});
