import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SandboxStore } from '../../../sandbox/store.ts';
import { SANDBOX_ACCOUNT } from '../emulator/auth.ts';
import { MtRegistryEmulator } from '../emulator/server.ts';
import { MtRegistryClient } from './client.ts';
import { PATHS } from './protocol.ts';
import { secretFromBase32, totpCode } from './totp.ts';

/** A sandbox with nothing stored and no outage, unless a test says otherwise. */
const sandbox = { outage: false } as { outage: boolean } & Record<string, unknown>;
Object.assign(sandbox, {
  get: async () => undefined,
  list: async () => [],
  isInOutage: async () => sandbox.outage,
  consumeFailure: async () => false,
});

const SESSION_TTL_MS = 5000;
const signal = () => AbortSignal.timeout(30_000);
const post = (base: string, path: string, body: unknown) =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('MT registry protocol (client against the emulator)', () => {
  const emulator = new MtRegistryEmulator({ sandbox: sandbox as unknown as SandboxStore, latency: 'none', sessionTtlMs: SESSION_TTL_MS });
  let base: string;
  before(async () => {
    base = await emulator.start();
  });
  after(() => emulator.stop());

  it('refuses calls without a session, a wrong password and a wrong one-time password', async () => {
    const anonymous = await fetch(`${base}${PATHS.companies}?name=maritime`);
    assert.equal(anonymous.status, 401);
    assert.equal((await anonymous.json()).code, 'SESSION_EXPIRED');
    assert.equal((await post(base, PATHS.login, { username: SANDBOX_ACCOUNT.username, password: 'wrong' })).status, 401);
    const { mfaToken } = await (
      await post(base, PATHS.login, { username: SANDBOX_ACCOUNT.username, password: SANDBOX_ACCOUNT.password })
    ).json();
    const code = totpCode(secretFromBase32(SANDBOX_ACCOUNT.totpSecret), Date.now() + 10 * 60_000);
    const wrongCode = await post(base, PATHS.mfa, { mfaToken, code });
    assert.equal(wrongCode.status, 401);
    assert.equal((await wrongCode.json()).code, 'INVALID_OTP');
  });

  it('logs in with password and TOTP, keeps the session, and renews it before it expires', async () => {
    const client = new MtRegistryClient(async () => base, SANDBOX_ACCOUNT);
    const refusedBefore = emulator.auth.refused;
    assert.equal((await client.findByNumber('C 21345', signal()))?.name, 'MEDITERRANEAN MARITIME SERVICES LIMITED');
    assert.ok((await client.searchByName('maritime', signal())).total >= 1);
    assert.equal(client.session.logins, 1, 'one login serves several calls');
    await new Promise((r) => setTimeout(r, SESSION_TTL_MS + 300));
    assert.equal((await client.findByNumber('c21345', signal()))?.registrationNumber, 'C 21345');
    assert.equal(client.session.logins, 2, 'an expired session is replaced');
    assert.equal(emulator.auth.refused, refusedBefore, 'renewed before use: the system never saw the expired session');
  });

  it('logs in again when the system rejects a session it still holds, and goes on with the call', async () => {
    const client = new MtRegistryClient(async () => base, SANDBOX_ACCOUNT);
    await client.findByNumber('C 21345', signal());
    emulator.auth.revokeAll();
    const refusedBefore = emulator.auth.refused;
    const hit = await client.findByNumber('C 45678', signal());
    assert.equal(hit?.name, 'ĦAMRUN HERITAGE BAKERY LIMITED');
    assert.equal(emulator.auth.refused, refusedBefore + 1, 'the stale session was used once and refused');
    assert.equal(client.session.logins, 2);
  });

  it('shares one login among concurrent calls', async () => {
    const client = new MtRegistryClient(async () => base, SANDBOX_ACCOUNT);
    await Promise.all(['C 21345', 'C 45678', 'C 8123', 'C 61234'].map((n) => client.findByNumber(n, signal())));
    assert.equal(client.session.logins, 1);
  });

  it('turns refused credentials into a failure that is not retried, and a wrong TOTP secret into a retryable one', async () => {
    const badPassword = new MtRegistryClient(async () => base, { ...SANDBOX_ACCOUNT, password: 'nope' });
    await assert.rejects(badPassword.findByNumber('C 21345', signal()), { code: 'service_unavailable', retryable: false });
    const badSecret = new MtRegistryClient(async () => base, { ...SANDBOX_ACCOUNT, totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' });
    await assert.rejects(badSecret.findByNumber('C 21345', signal()), { code: 'service_unavailable', retryable: true });
  });

  it('retrieves a document in three calls and pays the registry once per file', async () => {
    const client = new MtRegistryClient(async () => base, SANDBOX_ACCOUNT);
    const hit = await client.findByNumber('C 21345', signal());
    const files = await client.documents(hit!.uuid, signal());
    const accounts = files.find((f) => f.fileId === '80403')!;
    const fees = emulator.retrievals.feesCharged;
    const pdf = await client.retrieveDocument(hit!.uuid, accounts.fileId, signal());
    assert.equal(Buffer.from(pdf.subarray(0, 5)).toString(), '%PDF-');
    assert.equal(emulator.retrievals.feesCharged, fees + 10);
    await client.retrieveDocument(hit!.uuid, accounts.fileId, signal());
    assert.equal(emulator.retrievals.feesCharged, fees + 10, 'a file bought before is free');
    const session = await client.session.token();
    const created = await (
      await fetch(base + PATHS.retrievals, {
        method: 'POST',
        headers: { authorization: `Bearer ${session}` },
        body: JSON.stringify({ companyUuid: hit!.uuid, fileId: '80401' }),
      })
    ).json();
    const early = await fetch(base + PATHS.download(created.retrievalId), { headers: { authorization: `Bearer ${session}` } });
    assert.equal(early.status, 409, 'no download before processing');
  });

  it('turns not found, outages and an unreachable system into register errors', async () => {
    const client = new MtRegistryClient(async () => base, SANDBOX_ACCOUNT);
    assert.equal(await client.findByNumber('C 9999999', signal()), undefined);
    await assert.rejects(client.company('00000000-0000-4000-8000-000000000000', signal()), { code: 'resource_not_found' });
    sandbox.outage = true;
    await assert.rejects(client.searchByName('maritime', signal()), { code: 'service_unavailable', retryable: true });
    sandbox.outage = false;
    await assert.rejects(new MtRegistryClient(async () => 'http://127.0.0.1:9', SANDBOX_ACCOUNT).findByNumber('C 1', signal()), {
      code: 'service_unavailable',
    });
  });
});
