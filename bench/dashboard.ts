// Dashboard page latency (issue 18): every page of a signed-in account with 10,000 requests stored, on the embedded
// store (PGlite on disk, the default deployment) or PostgreSQL when DATABASE_URL is set. Target: under 200 ms a page.
//   node --import tsx bench/dashboard.ts [--requests 10000] [--real 40] [--runs 30]
// Setup, timed apart: an account with an owner signed in through the set-up link (real HTTP); `--real` requests made
// through `POST /v2/company` (onboarding, TEST), then the rest written with set-based SQL in the rows the engine writes
// (a request, its two items, a charged billing event and the ledger's charge each), spread over 30 days.
// Measured: `--runs` sequential GETs of each page with the session cookie, after one warm-up; p50, p95, max.
import { parseArgs } from 'node:util';
import { startBenchService } from './support/service.ts';
import { percentile, round1 } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    real: { type: 'string', default: '40' },
    runs: { type: 'string', default: '30' },
  },
});
const TOTAL = Number(values.requests);
const REAL = Math.min(TOTAL, Number(values.real));
const RUNS = Number(values.runs);
const GOAL_MS = 200;
const log = (...a: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

const bench = await startBenchService();
const { service } = bench;
try {
  const created = await bench.call('POST', '/admin/accounts', {
    admin: true,
    body: { name: 'Bench Ltd', credits: 1e12, owner: { email: 'bench@example.com' } },
  });
  const accountId: string = created.body.id;
  const apiKey: string = created.body.apiKey;
  const cookie = await signIn(created.body.setupUrl);

  let t = performance.now();
  for (let i = 0; i < REAL; i++) {
    const res = await bench.call('POST', '/v2/company', {
      key: apiKey,
      body: { id: `BENCH-${i}`, countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company', 'shareholders'] },
    });
    if (res.status !== 200) throw new Error(`request ${i}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  log(`${REAL} requests through the API in ${Math.round(performance.now() - t)} ms`);

  t = performance.now();
  const bulk = TOTAL - REAL;
  const span = `(30 * 86400 * (g::float8 / ${Math.max(1, bulk)})) * interval '1 second'`;
  const at = `(now() - interval '30 days' + ${span})`;
  await service.db.query(
    `insert into requests (id, account_id, country_code, company_id, mode, data_points, documents, company_legal_name, created_at, updated_at)
     select 'req_bench' || lpad(g::text, 6, '0'), $1, 'TEST', 'BULK-' || g, 'onboarding', '["company","shareholders"]', '[]',
            'Bulk Company ' || g || ' Ltd', ${at}, ${at}
       from generate_series(1, ${bulk}) g`,
    [accountId],
  );
  await service.db.query(
    `insert into request_items (request_id, kind, name, status, authoritative, cost, result, updated_at, billing_unit)
     select 'req_bench' || lpad(g::text, 6, '0'), 'dataPoint', dp, 'succeeded', false, case when dp = 'company' then 50 else 40 end,
            '{}'::jsonb, ${at}, case when dp = 'company' then 'TEST-PROFILE' else 'TEST-OWNERSHIP' end
       from generate_series(1, ${bulk}) g, unnest(array['company', 'shareholders']) dp`,
  );
  await service.db.query(
    `insert into billing_events (id, account_id, request_id, country_code, company_id, kind, sku, unit_key, amount, status, basis_at, created_at)
     select 'bev_bench' || lpad(g::text, 6, '0'), $1, 'req_bench' || lpad(g::text, 6, '0'), 'TEST', 'BULK-' || g, 'dataBlock',
            'TEST-PROFILE', 'TEST-PROFILE', 50, 'charged', ${at}, ${at}
       from generate_series(1, ${bulk}) g`,
    [accountId],
  );
  await service.db.query(
    `insert into ledger_entries (id, account_id, amount, kind, reference, created_at)
     select 'led_bench' || lpad(g::text, 6, '0'), $1, -50, 'charge', 'req_bench' || lpad(g::text, 6, '0'), ${at}
       from generate_series(1, ${bulk}) g`,
    [accountId],
  );
  await service.db.query('analyze');
  log(`${bulk} more requests written in ${Math.round(performance.now() - t)} ms`);

  const [real] = await service.db.query<{ id: string }>(
    `select id from requests where account_id = $1 and id not like 'req_bench%' limit 1`,
    [accountId],
  );
  const deep = await deepCursor(service.url, cookie, 100);
  const pages: [string, string][] = [
    ['overview', '/dashboard'],
    ['requests (first page)', '/dashboard/requests'],
    ['requests (page 100)', deep],
    ['request', `/dashboard/requests/${real!.id}`],
    ['billing', '/dashboard/billing?country=TEST'],
    ['api keys', '/dashboard/api-keys'],
    ['webhooks', '/dashboard/webhooks'],
    ['monitors', '/dashboard/monitors'],
    ['playground (search)', '/dashboard/playground?country=TEST&query=acme'],
    ['account', '/dashboard/account'],
  ];
  console.log(`dashboard pages, ${TOTAL} requests stored, store ${bench.store}, ${RUNS} runs each (ms):`);
  console.log('page                      p50     p95     max   bytes');
  let worst = 0;
  for (const [name, path] of pages) {
    await get(service.url + path, cookie);
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      bytes = (await get(service.url + path, cookie)).length;
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 0.95);
    worst = Math.max(worst, p95);
    console.log(
      `${name.padEnd(24)} ${String(round1(percentile(times, 0.5))).padStart(6)}  ${String(round1(p95)).padStart(6)}  ${String(round1(times.at(-1)!)).padStart(6)}  ${bytes}`,
    );
  }
  console.log(`worst p95 ${round1(worst)} ms: ${worst < GOAL_MS ? 'within' : 'OVER'} the ${GOAL_MS} ms target`);
} finally {
  await bench.close();
}

async function get(url: string, cookie: string): Promise<string> {
  const res = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return text;
}

/** Sets the owner's password through the set-up link; returns the session cookie. */
async function signIn(setupUrl: string): Promise<string> {
  const form = await fetch(setupUrl);
  const formCookie = form.headers.getSetCookie()[0]!.split(';')[0]!;
  const token = /name="_form" value="([^"]+)"/.exec(await form.text())![1]!;
  const password = 'bench passphrase 123';
  const res = await fetch(setupUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: formCookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _form: token, password, confirm: password }).toString(),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith('registrum_session='));
  if (!session) throw new Error(`set-up: ${res.status}`);
  return session.split(';')[0]!;
}

/** The URL of the nth page of the request list, following the pages' own next links. */
async function deepCursor(base: string, cookie: string, n: number): Promise<string> {
  let path = '/dashboard/requests';
  for (let i = 1; i < n; i++) {
    const next = /href="([^"]+)" rel="next"/.exec(await get(base + path, cookie))?.[1];
    if (!next) break;
    path = next.replace(/&amp;/g, '&');
  }
  return path;
}
