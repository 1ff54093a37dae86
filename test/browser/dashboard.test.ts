import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { startTestService, type TestService } from '../support/service.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';
import { browserMissing, launchBrowser, screenshot, seriousViolations } from './chromium.ts';

const missing = browserMissing();
if (missing) console.log(`# ${missing}`);

const PASSWORD = 'a browser-tested passphrase';

/**
 * The dashboard in a real headless Chromium, as a person uses it: every page is checked with axe-core (no serious or
 * critical violation) and photographed into test-results/screenshots/.
 */
describe('dashboard in Chromium', { skip: missing, timeout: 240_000 }, () => {
  let svc: TestService;
  let receiver: WebhookReceiver;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let account: { id: string; apiKey: string; setupUrl: string };
  const visited = new Set<string>();

  /** Checks the page on screen with axe and photographs it, once per name. */
  async function check(name: string): Promise<void> {
    await page.waitForLoadState('load');
    const violations = await seriousViolations(page);
    assert.deepEqual(violations, [], `${name}: accessibility`);
    if (!visited.has(name)) await screenshot(page, name);
    visited.add(name);
  }

  async function createOwner(email: string, credits: number) {
    const res = await svc.call('POST', '/admin/accounts', {
      admin: true,
      body: { name: `${email.split('@')[0]} Ltd`, credits, owner: { email } },
    });
    assert.equal(res.status, 201);
    return { id: res.body.id as string, apiKey: res.body.apiKey as string, setupUrl: res.body.setupUrl as string };
  }

  before(async () => {
    svc = await startTestService({ WEBHOOK_RETRY_SCHEDULE: '0,1h' });
    receiver = await WebhookReceiver.start();
    browser = await launchBrowser();
    context = browser.context;
    page = context.pages()[0] ?? (await context.newPage());
    page.on('dialog', (d) => void d.accept());
    account = await createOwner('browser@example.com', 250_000);
  });
  after(async () => {
    await browser?.close();
    await receiver?.close();
    await svc?.close();
  });

  it('sets a password through the set-up link, signs out, and signs in again with the keyboard', async () => {
    await page.goto(account.setupUrl);
    await check('setup');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat it').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL('**/dashboard');
    await check('overview');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/dashboard/sign-in');
    await check('sign-in');

    // The first Tab reaches the e-mail field; typing and Enter sign in.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'email');
    await page.keyboard.type('browser@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    assert.match((await page.getByTestId('balance').textContent()) ?? '', /250,000 credit cents/);

    // On a signed-in page, the first Tab is the skip link.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
  });

  it('creates an API key and uses it against the API', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await check('api-keys');
    await page.getByLabel('Name').fill('from the browser');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-key').textContent())!;
    assert.match(key, /^rk_/);
    await check('api-key-created');
    const res = await fetch(`${svc.url}/v2/billing/balance`, { headers: { 'x-api-key': key } });
    assert.equal(res.status, 200);
    // A reload reads the list again: the key is not shown again, and no second key is made.
    assert.equal(new URL(page.url()).pathname, '/dashboard/api-keys');
    await page.reload();
    assert.ok(!(await page.content()).includes(key), 'shown once');
    assert.equal(await page.getByRole('cell', { name: 'from the browser', exact: true }).count(), 1);
  });

  it('adds a webhook endpoint, sees a failed delivery, retries it and sees it succeed', async () => {
    let answer = 503;
    receiver.on('/browser', () => ({ status: answer }));
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await check('webhooks-empty');
    await page.getByLabel('URL (http or https)').fill(`${receiver.url}/browser`);
    await page.getByLabel('Description (optional)').fill('browser receiver');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    assert.match((await page.getByTestId('secret').textContent())!, /^whsec_/);
    await check('webhook-created');
    await page.getByRole('link', { name: `${receiver.url}/browser` }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    // The endpoint page reloads itself while a delivery is pending; wait for the failed first attempt.
    await page.getByRole('cell', { name: '1', exact: true }).waitFor({ timeout: 20_000 });
    await check('webhook-endpoint');
    await page.getByRole('link', { name: /^msg_/ }).first().click();
    await page.getByText('the endpoint answered 503').waitFor();
    answer = 200;
    await page.getByRole('button', { name: 'Retry now' }).click();
    await page.getByText('Sent again').waitFor();
    assert.equal(await page.locator('td .status.succeeded').count(), 1);
    assert.equal(await page.locator('td .status.failed').count(), 1);
    await check('webhook-message');
    assert.equal(receiver.at('/browser').length, 2);
  });

  it('searches, retrieves in verification mode and follows the request to succeeded', async () => {
    await page.getByRole('link', { name: 'Playground' }).click();
    await check('playground');
    await page.getByLabel('Name or identifier').fill('acme');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { name: /result\(s\)/ }).waitFor();
    await check('playground-results');
    const first = page.locator('ol.results > li').first();
    await first.getByRole('checkbox', { name: 'shareholders' }).check();
    await first.getByRole('button', { name: 'Retrieve' }).click();
    await page.waitForURL('**/dashboard/requests/req_*');
    // The page reloads itself (our script) until the work is done.
    await page.getByRole('heading', { name: 'Finished' }).waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('td .status.succeeded').count(), 2);
    assert.ok((await page.locator('td .status.charged').count()) >= 1);
    await check('request');
    await page.getByRole('link', { name: 'All requests' }).click();
    await check('requests');
  });

  it('creates a monitor and stops it', async () => {
    await page.getByRole('link', { name: 'Monitors' }).click();
    await check('monitors-empty');
    await page.getByLabel('Company id').fill('ACME-HOLDING');
    await page.getByRole('button', { name: 'Create monitor' }).click();
    await page.getByText('The monitor watches the company').waitFor();
    await check('monitor');
    await page.getByRole('button', { name: 'Stop monitor' }).click();
    await page.getByText('has been stopped').waitFor();
    assert.equal(await page.locator('dd .status.deactivated').count(), 1);
    await page.getByRole('link', { name: 'All monitors' }).click();
    await check('monitors');
  });

  it('reads the balance on the billing page, as the API reports it', async () => {
    await page.getByRole('link', { name: 'Billing' }).click();
    const api = await svc.call('GET', '/v2/billing/balance', { key: account.apiKey });
    assert.equal(await page.getByTestId('balance').textContent(), `${api.body.balanceInCreditCents.toLocaleString('en-GB')} credit cents`);
    assert.ok(api.body.balanceInCreditCents < 250_000, 'the retrieval was charged');
    await check('billing');
    await page.getByRole('link', { name: 'Account' }).click();
    await check('account');
  });

  it('never shows another account’s data, by page or by URL', async () => {
    const mine = page.url();
    const requestUrl = await page.evaluate(() => location.origin);
    const [req] = await svc.db.query<{ id: string }>('select id from requests where account_id = $1', [account.id]);
    const [mon] = await svc.db.query<{ id: string }>('select id from monitors where account_id = $1', [account.id]);
    const [whe] = await svc.db.query<{ id: string }>('select id from webhook_endpoints where account_id = $1', [account.id]);
    assert.ok(mine && req && mon && whe);

    const other = await createOwner('someone-else@example.com', 1000);
    await context.clearCookies();
    await page.goto(other.setupUrl);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat it').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL('**/dashboard');

    for (const path of [`/dashboard/requests/${req.id}`, `/dashboard/monitors/${mon.id}`, `/dashboard/webhooks/${whe.id}`]) {
      const res = await page.goto(requestUrl + path);
      assert.equal(res?.status(), 404, path);
      await page.getByRole('heading', { name: 'Not found' }).waitFor();
    }
    await check('not-found');
    for (const [name, path] of [
      ['requests-empty', '/dashboard/requests'],
      ['other-monitors', '/dashboard/monitors'],
      ['other-webhooks', '/dashboard/webhooks'],
      ['other-billing', '/dashboard/billing'],
    ] as const) {
      await page.goto(requestUrl + path);
      const html = await page.content();
      for (const id of [req.id, mon.id, whe.id]) assert.ok(!html.includes(id), `${path} shows nothing of the first account`);
      await check(name);
    }
  });
});
