import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, eventually, startTestService, type TestService } from '../../../test/support/service.ts';
import { WebhookReceiver } from '../../../test/support/webhook-receiver.ts';

const BIN = new URL('../bin/registrum.mjs', import.meta.url).pathname;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `registrum …` as a process, as a user runs it (npx registrum resolves to this bin). */
/** `undefined` in `env` removes the variable. */
function cli(args: string[], env: Record<string, string | undefined>, cwd?: string): Promise<Run> {
  const merged: Record<string, string | undefined> = { ...process.env, ...env };
  for (const k of Object.keys(merged)) if (merged[k] === undefined) delete merged[k];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: merged, cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the registrum CLI against a running service', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  let env: Record<string, string>;
  let dir: string;
  before(async () => {
    svc = await startTestService();
    rx = await WebhookReceiver.start();
    env = { REGISTRUM_URL: svc.url, REGISTRUM_API_KEY: (await svc.newAccount()).apiKey };
    dir = mkdtempSync(join(tmpdir(), 'registrum-cli-'));
  });
  after(async () => {
    await svc.close();
    await rx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('search: a table for people, the API JSON with --json', { timeout: 60_000 }, async () => {
    const [plain, json] = await Promise.all([
      cli(['search', 'acme', '--country', 'TEST'], env),
      cli(['search', 'acme', '--country', 'TEST', '--json'], env),
    ]);
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /^ID\s+LEGALNAME\s+STATUS\s+MATCHTYPE/);
    const results = JSON.parse(json.stdout);
    assert.ok(results.length > 0);
    assert.ok(plain.stdout.includes(results[0].id));
  });

  it('company: verification with progress on stderr until it settles; onboarding at once', { timeout: 60_000 }, async () => {
    const [verification, onboarding] = await Promise.all([
      cli(['company', 'ACME-CLI', '--country', 'TEST', '--data', 'company,shareholders'], env),
      cli(['company', 'ACME-CLI-2', '--country', 'TEST', '--mode', 'onboarding', '--data', 'company', '--json'], env),
    ]);
    assert.equal(verification.code, 0, verification.stderr);
    assert.match(verification.stderr, /req_\w+: \d\/2 settled/);
    assert.match(verification.stdout, /verification/);
    assert.match(verification.stdout, /company\s+succeeded/);
    assert.match(verification.stdout, /shareholders\s+succeeded/);
    assert.equal(onboarding.code, 0, onboarding.stderr);
    assert.equal(JSON.parse(onboarding.stdout).request.dataStatus.dataPoints.company.status, 'succeeded');
  });

  it('exits with a code per error class', { timeout: 60_000 }, async () => {
    const [unauthorized, notFound, usage, unknown] = await Promise.all([
      cli(['search', 'acme', '--country', 'TEST'], { ...env, REGISTRUM_API_KEY: 'rk_wrong' }),
      cli(['search', 'RESOURCE_NOT_FOUND', '--country', 'TEST'], env),
      cli(['search', 'acme'], env),
      cli(['frobnicate'], env),
    ]);
    assert.equal(unauthorized.code, 4, unauthorized.stderr);
    assert.match(unauthorized.stderr, /unauthorized/);
    assert.equal(notFound.code, 6, notFound.stderr);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--country is required/);
    assert.equal(unknown.code, 2);
  });

  it("pricing, monitors, documents get and the operator's accounts create", { timeout: 60_000 }, async () => {
    const [pricing, created, account] = await Promise.all([
      cli(['pricing', '--country', 'TEST'], env),
      cli(['monitors', 'create', 'ACME-CLI-MON', '--country', 'TEST', '--json'], env),
      cli(['accounts', 'create', '--name', 'From the CLI', '--credits', '700', '--json', '--admin-token', ADMIN_TOKEN], env),
    ]);
    assert.equal(pricing.code, 0, pricing.stderr);
    assert.match(pricing.stdout, /^DATAPOINT\s+SKU/);
    assert.match(pricing.stdout, /shareholders/);
    assert.equal(created.code, 0, created.stderr);
    const monitorId = JSON.parse(created.stdout).id;
    const list = await cli(['monitors', 'list'], env);
    assert.ok(list.stdout.includes(monitorId));
    assert.equal(account.code, 0, account.stderr);
    assert.equal(JSON.parse(account.stdout).balanceInCreditCents, 700);

    const docs = await svc.call('POST', '/v2/company', {
      key: env.REGISTRUM_API_KEY,
      body: { id: 'ACME-CLI-DOC', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['availableDocuments'] },
    });
    const documentId = docs.body.availableDocuments.find((d: any) => d.type === 'tradeRegisterExtract').id;
    const got = await cli(['documents', 'get', 'ACME-CLI-DOC', documentId, '--country', 'TEST', '--out', 'extract.pdf'], env, dir);
    assert.equal(got.code, 0, got.stderr);
    assert.equal(readFileSync(join(dir, 'extract.pdf')).subarray(0, 5).toString(), '%PDF-');
  });

  it('us-ny ingest applies a snapshot file to the store with a progress bar', { timeout: 180_000 }, async () => {
    const repo = new URL('../../../', import.meta.url).pathname;
    const gen = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/us-ny-generate.ts', '--size', '300', '--out', dir], {
      cwd: repo,
      encoding: 'utf8',
    });
    assert.equal(gen.status, 0, gen.stderr);
    const { entities } = JSON.parse(gen.stdout.trim().split('\n').pop()!);
    // Its own embedded store, whatever the suite runs on: the ingestion writes to the store its environment names.
    const run = await cli(
      ['us-ny', 'ingest', entities, '--json'],
      { DATABASE_URL: undefined, DATABASE_SCHEMA: undefined, DATA_DIR: join(dir, 'store') },
      repo,
    );
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout);
    assert.equal(report.entities, 300);
    assert.equal(report.added, 300);
    assert.match(run.stderr, /\[#{30}\] 100% .* done/);
    const again = await cli(
      ['us-ny', 'ingest', join(dir, 'missing.csv')],
      { DATABASE_URL: undefined, DATABASE_SCHEMA: undefined, DATA_DIR: join(dir, 'store') },
      repo,
    );
    assert.equal(again.code, 2);
  });

  it('webhooks listen forwards verified events to --forward-to, and removes its endpoint on exit', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, [BIN, 'webhooks', 'listen', '--forward-to', `${rx.url}/forwarded`], {
      env: { ...process.env, ...env },
    });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stdout += c.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    try {
      const endpointId = await eventually(async () => /as endpoint (\S+),/.exec(stdout)?.[1], 20_000);
      const res = await svc.call('POST', '/v2/company', {
        key: env.REGISTRUM_API_KEY,
        body: { id: 'ACME-LISTEN', countryCode: 'TEST', dataPoints: ['company'] },
      });
      const requestId = res.body.request.requestId;
      const forwarded = await eventually(
        async () => rx.at('/forwarded').find((r) => JSON.parse(r.body).request?.requestId === requestId),
        20_000,
      );
      assert.ok(forwarded.headers['webhook-signature'], 'forwarded with its signature headers');
      await eventually(async () => new RegExp(`company.updated ${forwarded.id} -> 200`).test(stdout), 5_000);
      child.kill('SIGINT');
      assert.equal(await exited, 0, stdout);
      const endpoints = await svc.call('GET', '/v2/webhook-endpoints', { key: env.REGISTRUM_API_KEY });
      assert.ok(!JSON.stringify(endpoints.body).includes(endpointId), 'the temporary endpoint is gone');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
