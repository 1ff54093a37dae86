import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UrlGuard, refusedAddress } from './url-guard.ts';

/** A resolver from a fixed table: no DNS leaves the machine. */
const table: Record<string, string[]> = {
  'public.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'internal.example': ['10.1.2.3'],
  'mixed.example': ['93.184.216.34', '192.168.1.10'],
  'loop.example': ['127.0.0.1', '::1'],
};
const resolver = async (host: string) => {
  const found = table[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

describe('webhook URL guard', () => {
  const live = new UrlGuard('live', resolver);
  const sandbox = new UrlGuard('sandbox', resolver);

  it('live mode refuses loopback, private, link-local, unique-local and special addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '127.9.9.9',
      '::1',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.0.1',
      '100.64.0.1',
      '169.254.169.254',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '0.0.0.0',
      '::',
      '224.0.0.1',
      '255.255.255.255',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      assert.ok(refusedAddress(ip, 'live'), `${ip} must be refused`);
    }
  });

  it('live mode allows public addresses', () => {
    for (const ip of ['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4001::1']) {
      assert.equal(refusedAddress(ip, 'live'), undefined, `${ip} must be allowed`);
    }
  });

  it('sandbox mode allows loopback and private networks, still refuses link-local', () => {
    for (const ip of ['127.0.0.1', '::1', '10.0.0.1', '192.168.1.1', 'fd00::1']) assert.equal(refusedAddress(ip, 'sandbox'), undefined, ip);
    for (const ip of ['169.254.169.254', 'fe80::1', '0.0.0.0']) assert.ok(refusedAddress(ip, 'sandbox'), ip);
  });

  it('refuses IPv6 addresses that carry a refused IPv4 address, in both modes where that IPv4 address is refused', () => {
    for (const ip of [
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1:a9fe:a9:fe00::',
      '2002:a9fe:a9fe::1',
      '2001:0:4136:e378:8000:63bf:5601:5601',
      '::a9fe:a9fe',
    ]) {
      assert.match(refusedAddress(ip, 'sandbox') ?? '', /reaches 169\.254\.169\.254, a link-local address/, ip);
    }
    // Loopback stays allowed in sandbox mode, however it is written; `::1` is IPv6's own loopback, not 0.0.0.1.
    for (const ip of ['::1', '::ffff:127.0.0.1', '64:ff9b::7f00:1']) assert.equal(refusedAddress(ip, 'sandbox'), undefined, ip);
    assert.match(refusedAddress('::1', 'live') ?? '', /^::1 is a loopback address$/);
  });

  it('checks URLs with literal IPs, and every address a host name resolves to', async () => {
    assert.deepEqual(await live.check('https://93.184.216.34/hook'), []);
    assert.deepEqual(await live.check('http://[2606:4700:4700::1111]:8443/hook'), []);
    assert.deepEqual(await live.check('https://public.example/hook'), []);
    assert.match((await live.check('http://127.0.0.1:9000/hook'))[0]!, /loopback/);
    assert.match((await live.check('http://[::1]/hook'))[0]!, /loopback/);
    assert.match((await live.check('http://169.254.169.254/latest/meta-data'))[0]!, /link-local/);
    assert.match((await live.check('https://internal.example/hook'))[0]!, /internal\.example resolves to 10\.1\.2\.3 is a private/);
    assert.equal((await live.check('https://mixed.example/hook')).length, 1, 'one private address among public ones is enough to refuse');
    assert.equal((await live.check('https://loop.example/')).length, 2);
    assert.deepEqual(await sandbox.check('http://127.0.0.1:9000/hook'), []);
    assert.deepEqual(await sandbox.check('http://loop.example/hook'), []);
  });

  it('refuses other schemes, garbage and unresolvable hosts in both modes', async () => {
    for (const guard of [live, sandbox]) {
      assert.match((await guard.check('ftp://93.184.216.34/x'))[0]!, /scheme must be http or https/);
      assert.match((await guard.check('javascript:alert(1)'))[0]!, /scheme/);
      assert.match((await guard.check('not a url'))[0]!, /not a valid absolute URL/);
      assert.match((await guard.check('https://nowhere.example/'))[0]!, /does not resolve/);
    }
  });
});
