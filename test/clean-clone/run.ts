/**
 * `npm run check:clean-clone`: what a new user gets. Clones the committed HEAD alone into an empty temporary folder
 * (nothing beside it, so no `../shared` or other folder of our machines can be read), runs `npm ci`, starts the service
 * with `npm start` as the README says, reads the API key the first start prints, and uses the API: every sandbox
 * register answers a search, an onboarding request and its prices. Not part of `npm test` (the file is not named
 * `*.test.ts`): it installs the whole dependency tree and takes minutes.
 *
 * CLEAN_CLONE_REV=<commit> checks another commit than HEAD (e.g. to see it fail on an older one).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { generatedEntity } from '../../src/registers/us-ny/generator.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** A fresh shell's environment: nothing that points the service at our machines' folders or databases. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const dropped = new Set(['REFERENCE_DIR', 'DATABASE_URL', 'DATA_DIR', 'BOOTSTRAP_API_KEY', 'REGISTERS', 'ADMIN_TOKEN', 'NODE_OPTIONS']);
  for (const [k, v] of Object.entries(process.env)) {
    if (!dropped.has(k) && !k.startsWith('npm_') && !k.startsWith('NODE_TEST')) env[k] = v;
  }
  return { ...env, PORT: '0', SANDBOX_LATENCY: 'none' };
}

/** Starts `npm start` in its own process group (npm starts node under it: the group is stopped as one). */
function npmStart(cwd: string): { child: ChildProcess; ready: Promise<{ url: string; key: string }>; output: () => string } {
  const child = spawn('npm', ['start'], { cwd, env: userEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = new Promise<{ url: string; key: string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/[\d.:]+)/.exec(output)?.[1];
      const key = /API key \(shown once\): (\S+)/.exec(output)?.[1];
      if (url && key) resolve({ url, key });
      else if (url) reject(new Error(`listening, but no API key was printed on the first start:\n${output}`));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
  return { child, ready, output: () => output };
}

describe('a clean clone: npm ci && npm start as the README says, then the API', { timeout: 30 * 60_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'registrum-clean-clone-'));
  const clone = join(root, 'registrum');
  let service: ReturnType<typeof npmStart> | undefined;
  let url = '';
  let key = '';

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(url + path, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    assert.ok(res.status >= 200 && res.status < 300, `${method} ${path}: ${res.status} ${text}\n${service?.output().slice(-4000)}`);
    return JSON.parse(text);
  };

  before(async () => {
    const rev = process.env.CLEAN_CLONE_REV ?? run('git', ['rev-parse', 'HEAD'], REPO).trim();
    run('git', ['clone', '--quiet', '--no-checkout', REPO, clone], root);
    run('git', ['checkout', '--quiet', '--detach', rev], clone);
    assert.deepEqual(readdirSync(root), ['registrum'], 'the clone is alone in its folder');
    run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], clone, userEnv());
    service = npmStart(clone);
    ({ url, key } = await service.ready);
  });

  after(async () => {
    const child = service?.child;
    if (child?.pid !== undefined && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    rmSync(root, { recursive: true, force: true });
  });

  const usNy = generatedEntity({ size: 3000, seed: 'registrum', index: 42 });
  const registers = [
    { countryCode: 'TEST', query: 'acme', id: 'ACME-HOLDING' },
    { countryCode: 'US-NY', query: usNy?.row.current_entity_name ?? '', id: usNy?.row.dos_id ?? '' },
    { countryCode: 'JE', query: 'Harbour View Holdings', id: '104325' },
    { countryCode: 'MT', query: 'Mediterranean Maritime Services', id: 'C21345' },
    { countryCode: 'CN', query: '重庆环球数码科技', id: '91500103MA5U3B2X2K' },
    { countryCode: 'GB', query: 'Albion Group', id: '00445790' },
  ];

  for (const r of registers) {
    it(`${r.countryCode}: search, onboarding company, pricing`, async () => {
      const found = await call('GET', `/v2/search?country=${r.countryCode}&query=${encodeURIComponent(r.query)}`);
      assert.ok(Array.isArray(found) && found.length > 0, `search ${r.query} found nothing`);
      assert.ok(
        found.some((c: { id: string }) => c.id.replace(/\s/g, '') === r.id),
        `${r.id} among ${found.map((c: { id: string }) => c.id)}`,
      );

      const company = await call('POST', '/v2/company', {
        id: r.id,
        countryCode: r.countryCode,
        mode: 'onboarding',
        dataPoints: ['company'],
      });
      assert.equal(company.request.dataStatus.dataPoints.company.status, 'succeeded', JSON.stringify(company.request));
      assert.ok(company.company?.legalName, 'a company with a name');

      const pricing = await call('GET', `/v2/pricing?countryCode=${r.countryCode}`);
      assert.ok(Object.keys(pricing.datapoints ?? {}).length > 0, `prices for ${r.countryCode}`);
    });
  }

  it('TEST: a verification request, polled to completion', async () => {
    const started = await call('POST', '/v2/company', { id: 'ACME-HOLDING', countryCode: 'TEST', dataPoints: ['company', 'shareholders'] });
    const id = started.request.requestId;
    let body = started;
    // Polled until settled; the suite's timeout bounds the wait.
    while (Object.values(body.request.dataStatus.dataPoints).some((d) => (d as { status: string }).status === 'in_progress')) {
      await new Promise((r) => setTimeout(r, 200));
      body = await call('GET', `/v2/company/${id}`);
    }
    assert.equal(body.request.mode, 'verification');
    for (const [dp, d] of Object.entries(body.request.dataStatus.dataPoints))
      assert.equal((d as { status: string }).status, 'succeeded', dp);
    assert.equal(body.company.id, 'ACME-HOLDING');
    assert.ok(Array.isArray(body.shareholders) && body.shareholders.length > 0, 'shareholders');
  });
});
