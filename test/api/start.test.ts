import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

const MAIN = new URL('../../src/main.ts', import.meta.url).pathname;

function filesContain(dir: string, needle: string): boolean {
  return readdirSync(dir).some((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesContain(path, needle) : readFileSync(path).includes(needle);
  });
}

/** Starts `src/main.ts` as a user would, and waits for the line that says where it listens. */
function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/[\d.:]+)/.exec(output);
      if (m) resolve(m[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  return { child, ready, output: () => output };
}

describe('npm start', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('prints a working API key on first start only, and keeps its data across restarts', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'registrum-start-'));
    dirs.push(dataDir);
    const env: Record<string, string> = process.env.DATABASE_URL ? {} : { DATA_DIR: dataDir };
    if (process.env.DATABASE_URL) return; // the first-start key is the embedded default's behaviour

    const first = startProcess(env);
    const url = await first.ready;
    const key = /API key \(shown once\): (\S+)/.exec(first.output())?.[1];
    assert.ok(key, 'a key is printed on first start');
    const res = await fetch(`${url}/v2/search?country=TEST&query=acme`, { headers: { 'x-api-key': key! } });
    assert.equal(res.status, 200);
    // Next to the key: the owner's one-time dashboard set-up link, which opens the set-password form.
    const link = /set-up link for owner@example\.com \(once, valid 7 days\): (http\S+)/.exec(first.output())?.[1];
    assert.ok(link, 'a dashboard set-up link is printed on first start');
    const setup = await fetch(link!);
    assert.equal(setup.status, 200);
    assert.match(await setup.text(), /Set your password/);
    first.child.kill('SIGTERM');
    await new Promise((r) => first.child.once('exit', r));
    assert.ok(!filesContain(dataDir, key!), 'the plain key is nowhere in the data directory');

    const second = startProcess(env);
    const url2 = await second.ready;
    assert.doesNotMatch(second.output(), /shown once|set-up link/, 'no new key or link on the next start');
    const again = await fetch(`${url2}/v2/billing/balance`, { headers: { 'x-api-key': key! } });
    assert.equal(again.status, 200, 'the first key still works');
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
  });

  it('stops at start with a clear message when a reference list is missing, instead of answering 500 later', {
    timeout: 60_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'registrum-noref-'));
    const refDir = mkdtempSync(join(tmpdir(), 'registrum-noref-lists-'));
    dirs.push(dataDir, refDir);
    const proc = startProcess({ DATA_DIR: dataDir, REFERENCE_DIR: refDir });
    try {
      await assert.rejects(proc.ready, /exited 1: .*reference list elf-code-list\.csv is missing: expected at .*registrum-noref-lists-/s);
    } finally {
      proc.child.kill('SIGTERM');
    }
  });

  it('ensures the BOOTSTRAP_API_KEY account with US-NY enabled and credits', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'registrum-boot-'));
    dirs.push(dataDir);
    if (process.env.DATABASE_URL) return;
    const key = 'rk_bootstrap-key-for-tests-0123456789';
    const proc = startProcess({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: key, BOOTSTRAP_CREDITS: '4242' });
    const url = await proc.ready;
    const balance = await fetch(`${url}/v2/billing/balance`, { headers: { 'x-api-key': key } });
    const body = (await balance.json()) as { balanceInCreditCents: number; status: string };
    assert.deepEqual([body.balanceInCreditCents, body.status], [4242, 'low']);
    assert.doesNotMatch(proc.output(), /shown once/);
    proc.child.kill('SIGTERM');
    await new Promise((r) => proc.child.once('exit', r));
  });
});
