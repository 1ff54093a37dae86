import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { embeddedIPv4 } from './embedded-ipv4.ts';

/**
 * Which webhook targets the service may call. Live mode refuses everything that is not a public internet
 * address (a webhook URL is attacker-chosen: without this, it reaches the service's own network, SSRF).
 * Sandbox mode lets tests and local development run receivers on loopback and private networks; link-local
 * (where cloud metadata services live) and the special-purpose ranges stay refused in every mode.
 */
export type GuardMode = 'live' | 'sandbox';

type Category = 'loopback' | 'private' | 'linkLocal' | 'special';

const RANGES: Record<Category, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT, shared address space
    ['fc00::', 7, 'ipv6'], // unique-local
  ],
  linkLocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  special: [
    ['0.0.0.0', 8, 'ipv4'],
    ['192.0.0.0', 24, 'ipv4'],
    ['192.0.2.0', 24, 'ipv4'],
    ['198.18.0.0', 15, 'ipv4'],
    ['198.51.100.0', 24, 'ipv4'],
    ['203.0.113.0', 24, 'ipv4'],
    ['224.0.0.0', 4, 'ipv4'], // multicast
    ['240.0.0.0', 4, 'ipv4'], // reserved and broadcast
    ['::', 128, 'ipv6'],
    ['100::', 64, 'ipv6'],
    ['2001:db8::', 32, 'ipv6'],
    ['fec0::', 10, 'ipv6'], // deprecated site-local
    ['ff00::', 8, 'ipv6'], // multicast
  ],
};

const LISTS = Object.fromEntries(
  Object.entries(RANGES).map(([category, ranges]) => {
    const list = new BlockList();
    for (const [net, prefix, type] of ranges) list.addSubnet(net, prefix, type);
    return [category, list];
  }),
) as Record<Category, BlockList>;

const ALLOWED: Record<GuardMode, ReadonlySet<Category>> = {
  live: new Set(),
  sandbox: new Set(['loopback', 'private']),
};

const NAMES: Record<Category, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  linkLocal: 'a link-local address',
  special: 'a special-purpose address',
};

/**
 * Why `address` (an IP literal) may not be a webhook target in `mode`, or undefined when it may. An IPv6 address
 * that carries an IPv4 address (NAT64, 6to4, Teredo, IPv4-compatible or -mapped) is refused when that one is.
 */
export function refusedAddress(address: string, mode: GuardMode): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 0) return `${address} is not an IP address`;
  const own = refusedRange(bare, version === 4 ? 'ipv4' : 'ipv6', mode);
  if (own) return `${bare} is ${own}`;
  for (const v4 of version === 6 ? embeddedIPv4(bare) : []) {
    const why = refusedRange(v4, 'ipv4', mode);
    if (why) return `${bare} reaches ${v4}, ${why}`;
  }
  return undefined;
}

function refusedRange(address: string, type: 'ipv4' | 'ipv6', mode: GuardMode): string | undefined {
  for (const category of Object.keys(LISTS) as Category[]) {
    if (LISTS[category].check(address, type) && !ALLOWED[mode].has(category)) return NAMES[category];
  }
  return undefined;
}

export type Resolver = (host: string) => Promise<string[]>;

const RESOLVE_TIMEOUT_MS = 5000;

/** All addresses of a host name, as the system resolver (hosts file, DNS) gives them. */
export const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`resolving ${host} took longer than ${RESOLVE_TIMEOUT_MS} ms`)), RESOLVE_TIMEOUT_MS);
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses: LookupAddress[]) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(addresses.map((a) => a.address));
    });
  });

export class UrlGuard {
  constructor(
    readonly mode: GuardMode,
    private readonly resolve: Resolver = systemResolver,
  ) {}

  /**
   * The reasons `url` may not be a webhook target (empty when it may): http(s) only, and every address the
   * host resolves to must be allowed, since the connection may use any of them.
   */
  async check(url: string): Promise<string[]> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return ['url: not a valid absolute URL'];
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      return [`url: the scheme must be http or https, not ${parsed.protocol.replace(/:$/, '')}`];
    }
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (!host) return ['url: a host is required'];
    let addresses: string[];
    if (isIP(host)) {
      addresses = [host];
    } else {
      try {
        addresses = await this.addressesOf(host);
      } catch (err) {
        return [`url: the host ${host} does not resolve (${(err as Error).message})`];
      }
      if (addresses.length === 0) return [`url: the host ${host} does not resolve`];
    }
    return addresses.flatMap((a) => {
      const why = refusedAddress(a, this.mode);
      return why ? [`url: ${host === a ? '' : `${host} resolves to `}${why}, which is not allowed as a webhook target`] : [];
    });
  }

  /**
   * The addresses of a host name. `localhost` and its subdomains (with or without the final dot) are loopback
   * whatever a resolver says (RFC 6761), so they are never asked for.
   */
  private async addressesOf(host: string): Promise<string[]> {
    if (/(^|\.)localhost\.?$/i.test(host)) return ['127.0.0.1', '::1'];
    return this.resolve(host);
  }

  /**
   * A `lookup` for the delivery's connections (undici's `connect.lookup`, node:net's signature): the name is
   * resolved again when dialled, through the same resolver, and only allowed addresses are handed back, so that a
   * host name that passed the check at creation cannot later be pointed at the internal network (DNS rebinding).
   * With none left, the connection fails with the reason, which the delivery log records.
   */
  readonly lookup = (
    hostname: string,
    options: { all?: boolean; family?: number | string } & Record<string, unknown>,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const wanted = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    this.addressesOf(hostname).then(
      (found) => {
        const candidates = found
          .map((address) => ({ address, family: isIP(address) }))
          .filter((a) => a.family && (!wanted || a.family === wanted));
        const allowed = candidates.filter((a) => !refusedAddress(a.address, this.mode));
        if (!allowed.length) {
          const why = candidates.length ? refusedAddress(candidates[0]!.address, this.mode) : undefined;
          const err = why
            ? Object.assign(new Error(`refused: ${hostname} resolves to ${why}`), { code: 'EWEBHOOKGUARD' })
            : Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' });
          return callback(err, '', 0);
        }
        if (options.all) return callback(null, allowed);
        callback(null, allowed[0]!.address, allowed[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
