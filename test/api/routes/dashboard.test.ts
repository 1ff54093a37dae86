import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FormClient, hiddenField, signedInOwner } from '../../support/browser-less.ts';
import { startTestService, type TestService } from '../../support/service.ts';

/** Dashboard routes the page scenarios (test/dashboard) leave without a happy path or an error of their own. */
describe('dashboard routes', () => {
  let svc: TestService;
  let owner: { client: FormClient; apiKey: string };
  let endpointId: string;
  before(async () => {
    svc = await startTestService();
    owner = await signedInOwner(svc, { email: 'routes@example.com' });
    const created = await svc.call('POST', '/v2/webhook-endpoints', { key: owner.apiKey, body: { url: 'http://127.0.0.1:9/hook' } });
    assert.equal(created.status, 201);
    endpointId = created.body.id;
  });
  after(() => svc.close());

  const csrf = async () => hiddenField((await owner.client.get('/dashboard')).text, '_csrf');

  describe('GET /dashboard/assets/:file', () => {
    it('happy: serves the stylesheet, cacheable', async () => {
      const res = await owner.client.get('/dashboard/assets/dashboard.css');
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/css/);
      assert.match(res.headers.get('cache-control') ?? '', /max-age=3600/);
    });
    it('error: a file we do not ship is a 404, and no path leaves the folder', async () => {
      assert.equal((await owner.client.get('/dashboard/assets/nothing.js')).status, 404);
      assert.equal((await owner.client.get('/dashboard/assets/..%2Fplugin.ts')).status, 404);
    });
  });

  describe('GET /dashboard/account', () => {
    it('happy: shows the signed-in person and the password form', async () => {
      const res = await owner.client.get('/dashboard/account');
      assert.equal(res.status, 200);
      assert.match(res.text, /routes@example\.com/);
      assert.match(res.text, /name="password"/);
    });
    it('error: signed out, it sends the visitor to sign in and back', async () => {
      const res = await fetch(`${svc.url}/dashboard/account`, { redirect: 'manual' });
      assert.equal(res.status, 303);
      assert.equal(res.headers.get('location'), '/dashboard/sign-in?next=%2Fdashboard%2Faccount');
    });
  });

  describe('GET /dashboard/billing', () => {
    it('happy: shows the balance and the price catalogue of a register', async () => {
      const res = await owner.client.get('/dashboard/billing?country=TEST');
      assert.equal(res.status, 200);
      assert.match(res.text, /Balance|balance/);
    });
    it('error: a country outside the enum is a 400 page, not a 500', async () => {
      const res = await owner.client.get('/dashboard/billing?country=XX');
      assert.equal(res.status, 400);
      assert.match(res.text, /countryCode/);
    });
  });

  describe('GET /dashboard/sign-in', () => {
    it('happy: shows the form, keeping the dashboard page to go back to', async () => {
      const res = await new FormClient(svc.url).get('/dashboard/sign-in?next=%2Fdashboard%2Fbilling');
      assert.equal(res.status, 200);
      assert.equal(hiddenField(res.text, 'next'), '/dashboard/billing');
      assert.ok(hiddenField(res.text, '_form').length > 10, 'a form token');
    });
    it('error: a next page off the dashboard (an open redirect) is replaced by the dashboard', async () => {
      for (const next of ['https://evil.example/dashboard', '//evil.example', '/dashboard//evil.example', '/admin/clock']) {
        const res = await new FormClient(svc.url).get(`/dashboard/sign-in?next=${encodeURIComponent(next)}`);
        assert.equal(res.status, 200);
        assert.equal(hiddenField(res.text, 'next'), '/dashboard', next);
      }
    });
  });

  describe('GET /dashboard/setup/:token', () => {
    it('error: an unknown or used link is a 404 page that offers sign-in', async () => {
      const res = await new FormClient(svc.url).get('/dashboard/setup/not-a-token');
      assert.equal(res.status, 404);
      assert.match(res.text, /used already or has expired/);
    });
  });

  describe('POST /dashboard/setup/:token', () => {
    it('error: posting to an unknown link without its form token is refused (403), and signs nobody in', async () => {
      const visitor = new FormClient(svc.url);
      const res = await visitor.post('/dashboard/setup/not-a-token', {
        password: 'a long enough password',
        confirm: 'a long enough password',
      });
      assert.equal(res.status, 403);
      assert.equal((await visitor.get('/dashboard')).status, 303);
    });
  });

  describe('POST /dashboard/api-keys', () => {
    it('error: a form with a NUL character (which PostgreSQL cannot store) is a 400 page, not a 500', async () => {
      const res = await owner.client.post('/dashboard/api-keys', { _csrf: await csrf(), name: 'ci\u0000key' });
      assert.equal(res.status, 400);
      assert.match(res.text, /NUL/);
      const keys = await svc.call('GET', '/v2/api-keys', { key: owner.apiKey });
      assert.ok(!keys.body.apiKeys.some((k: { name: string }) => k.name.startsWith('ci')), 'no key was created');
    });
  });

  describe('GET /dashboard/monitors/:id', () => {
    let monitorId: string;
    before(async () => {
      const res = await svc.call('POST', '/v2/monitors', {
        key: owner.apiKey,
        body: { companyId: 'ROUTES-DASH-MON', countryCode: 'TEST' },
      });
      assert.equal(res.status, 201);
      monitorId = res.body.id;
    });
    it('happy: shows the account’s monitor with its company', async () => {
      const res = await owner.client.get(`/dashboard/monitors/${monitorId}`);
      assert.equal(res.status, 200);
      assert.match(res.text, /ROUTES-DASH-MON/);
    });
    it('error: an unknown monitor is the 404 page', async () => {
      const res = await owner.client.get('/dashboard/monitors/mon_nobody');
      assert.equal(res.status, 404);
      assert.match(res.text, /Not found/);
    });
  });

  describe('POST /dashboard/monitors/:id/stop', () => {
    let monitorId: string;
    before(async () => {
      const res = await svc.call('POST', '/v2/monitors', {
        key: owner.apiKey,
        body: { companyId: 'ROUTES-DASH-STOP', countryCode: 'TEST' },
      });
      monitorId = res.body.id;
    });
    it('error: an unknown monitor is the 404 page, and nothing stops', async () => {
      assert.equal((await owner.client.post('/dashboard/monitors/mon_nobody/stop', { _csrf: await csrf() })).status, 404);
      assert.equal((await svc.call('GET', `/v2/monitors/${monitorId}`, { key: owner.apiKey })).body.status, 'active');
    });
    it('happy: stops the monitor and goes back to it', async () => {
      const res = await owner.client.post(`/dashboard/monitors/${monitorId}/stop`, { _csrf: await csrf() });
      assert.equal(res.status, 303);
      assert.equal((await svc.call('GET', `/v2/monitors/${monitorId}`, { key: owner.apiKey })).body.status, 'deactivated');
    });
  });

  describe('POST /dashboard/sign-out', () => {
    it('error: without the form’s CSRF token it is refused (403) and the session still opens pages', async () => {
      assert.equal((await owner.client.post('/dashboard/sign-out', {})).status, 403);
      assert.equal((await owner.client.get('/dashboard')).status, 200);
    });
  });

  describe('POST /dashboard/webhooks/:id/rotate', () => {
    it('happy: shows a new secret once', async () => {
      const res = await owner.client.post(`/dashboard/webhooks/${endpointId}/rotate`, { _csrf: await csrf() });
      assert.equal(res.status, 200);
      assert.match(res.text, /data-testid="secret">whsec_/);
    });
    it('error: an unknown endpoint is the 404 page', async () => {
      const res = await owner.client.post('/dashboard/webhooks/whe_nobody/rotate', { _csrf: await csrf() });
      assert.equal(res.status, 404);
      assert.match(res.text, /Not found/);
    });
  });

  describe('POST /dashboard/webhooks/:id/delete', () => {
    it('error: without the form’s CSRF token it is refused (403) and the endpoint stays', async () => {
      assert.equal((await owner.client.post(`/dashboard/webhooks/${endpointId}/delete`, {})).status, 403);
      assert.equal((await svc.call('GET', '/v2/webhook-endpoints', { key: owner.apiKey })).body.endpoints.length, 1);
    });
    it('happy: deletes the endpoint and goes back to the list', async () => {
      const res = await owner.client.post(`/dashboard/webhooks/${endpointId}/delete`, { _csrf: await csrf() });
      assert.equal(res.status, 303);
      assert.equal(res.location, '/dashboard/webhooks?done=deleted');
      assert.deepEqual((await svc.call('GET', '/v2/webhook-endpoints', { key: owner.apiKey })).body.endpoints, []);
    });
  });
});
