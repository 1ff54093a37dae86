import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../support/service.ts';

/**
 * A company id that is not in its register's format is refused with the rule in full: what is wrong with this id,
 * and the expected prefix, length, allowed characters and check character, so the caller can correct it.
 */
describe('company id refusals state the expected format in full', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount({ usNy: true })).apiKey;
  });
  after(() => svc.close());

  const refusal = async (countryCode: string, id: string) => {
    const res = await svc.call('POST', '/v2/company', { key, body: { countryCode, id, dataPoints: ['company'] } });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal(res.body.error.code, 'invalid_request');
    return res.body.error.message as string;
  };

  it('MT: the prefix C, 1 to 7 digits, and what this id breaks', async () => {
    const long = await refusal('MT', 'C99999999');
    assert.match(long, /"C99999999" has 8 digits after the prefix/);
    for (const rule of [/prefix C/, /1 to 7 digits 0-9/, /no check digit/, /e\.g\. C 12345/]) assert.match(long, rule);
    assert.match(await refusal('MT', '12345'), /does not start with the prefix C/);
    assert.match(await refusal('MT', 'C12A45'), /contains "A" after the prefix/);
  });

  it('JE: 4 to 7 digits without prefix', async () => {
    const short = await refusal('JE', '123');
    assert.match(short, /"123" has 3 digits/);
    for (const rule of [/no prefix/, /4 to 7 digits 0-9/, /no letters, no check digit/]) assert.match(short, rule);
    assert.match(await refusal('JE', 'JE12345'), /contains "J"/);
  });

  it('CN: 18 characters, digits and capital letters, the last a check character', async () => {
    const short = await refusal('CN', '91500103MA5U3B2X1');
    assert.match(short, /"91500103MA5U3B2X1" has 17 characters/);
    for (const rule of [/exactly 18 characters/, /digits 0-9 and capital letters except I, O, S, V, Z/, /check character/, /no prefix/])
      assert.match(short, rule);
    assert.match(await refusal('CN', '91500103MA5U3B2X1-'), /contains "-"/);
  });

  it('US-NY: the dosId, 6 to 8 digits', async () => {
    const long = await refusal('US-NY', '123456789');
    assert.match(long, /"123456789" has 9 digits/);
    for (const rule of [/dosId/, /no prefix/, /6 to 8 digits 0-9/, /no check digit/]) assert.match(long, rule);
  });

  it('TEST: 1 to 64 letters, digits, dots, underscores or hyphens, starting with a letter or digit', async () => {
    const odd = await refusal('TEST', 'ACME/1');
    assert.match(odd, /"ACME\/1" contains "\/"/);
    for (const rule of [
      /1 to 64 characters/,
      /letters A-Z or a-z, digits 0-9, dots, underscores or hyphens/,
      /the first a letter or digit/,
    ])
      assert.match(odd, rule);
    assert.match(await refusal('TEST', '-ACME'), /starts with "-"/);
    assert.match(await refusal('TEST', 'A'.repeat(65)), /has 65 characters/);
  });

  it('graph node ids: the country code, a colon and the company id', async () => {
    const res = await svc.call('POST', '/v2/company', {
      key,
      body: { countryCode: 'TEST', id: 'GRAPH-CHAIN', dataPoints: ['graph'], graphContinueFromNodeIds: ['LU-B245871'] },
    });
    assert.equal(res.status, 400);
    assert.match(
      JSON.stringify(res.body.error),
      /country code \(2 capital letters, US- and 2 capital letters, or TEST\), a colon, then the company id without spaces/,
    );
  });
});
