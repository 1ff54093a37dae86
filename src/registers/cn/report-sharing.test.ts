import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as wait } from 'node:timers/promises';
import { emptySandbox } from '../../../test/support/empty-sandbox.ts';
import { CnRegister } from './index.ts';

const USCC = '91500103MA5U3B2X2K';

/** Every rejection nobody handled while `body` runs and for a moment after. */
async function unhandledDuring(body: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', listener);
  try {
    await body();
    await wait(200);
  } finally {
    process.off('unhandledRejection', listener);
  }
  return seen;
}

describe('CN report downloads shared between callers', () => {
  it('a caller whose signal has already aborted starts no download', async () => {
    const cn = new CnRegister({ mode: 'sandbox', sandbox: emptySandbox, latency: 'none', now: () => new Date() });
    // The report requests the connector sends the portal (POST /report), counted at the network edge.
    const realFetch = globalThis.fetch;
    let reportRequests = 0;
    globalThis.fetch = (input, init) => {
      if (init?.method === 'POST' && String(input).endsWith('/report')) reportRequests++;
      return realFetch(input, init);
    };
    try {
      const gaveUp = AbortSignal.abort(new Error('the job was stopped'));
      await assert.rejects(cn.fetch('company', USCC, { mode: 'verification', signal: gaveUp }), /the job was stopped/);
      // A portal call made after it: a report request started for the caller that gave up would have gone out first
      // (both wait for the same session token, and go on in the order they asked for it).
      await cn.fetch('availableDocuments', USCC, { mode: 'verification', signal: AbortSignal.timeout(10_000) });
      assert.equal(reportRequests, 0, 'no report asked for a caller that had given up');

      // The next caller still gets the report, in one download.
      const { data } = await cn.fetch('company', USCC, { mode: 'verification', signal: AbortSignal.timeout(10_000) });
      assert.equal(data.company.legalName, '重庆环球数码科技有限公司');
      assert.equal(reportRequests, 1);
      assert.equal(cn.sandboxDownloads?.get(USCC), 1);
    } finally {
      globalThis.fetch = realFetch;
      await cn.close();
    }
  });

  it('closing the register while a download that every caller gave up on runs leaves no rejection unheard', async () => {
    // `fast`: the sandbox portal takes 0.6 to 4.2 s to produce a report, time enough to give up and close meanwhile.
    const cn = new CnRegister({ mode: 'sandbox', sandbox: emptySandbox, latency: 'fast', now: () => new Date() });
    const unhandled = await unhandledDuring(async () => {
      const caller = new AbortController();
      const fetching = cn.fetch('company', USCC, { mode: 'verification', signal: caller.signal });
      await wait(100);
      caller.abort(new Error('the job was stopped'));
      await assert.rejects(fetching, /the job was stopped/);
      await cn.close();
    });
    assert.deepEqual(unhandled, []);
    assert.equal(cn.sandboxDownloads?.get(USCC), undefined, 'the download ended with the register');
  });
});
