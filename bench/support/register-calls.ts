// Register calls made by a service in this process, for the monitor benchmark: every fetch of every register, by
// register and mode (what a check asks), and every HTTP call the process makes other than to the service itself
// (the registers' portals: in the sandbox, the US-NY portal emulator). Install before the service starts: the
// portal client keeps the `fetch` it finds when it is built.
import type { Register } from '../../src/registers/contract.ts';

export class RegisterCalls {
  private readonly fetches = new Map<string, number>();
  private readonly http = new Map<string, number>();
  /** Calls to this origin (the service under test) are not register calls. */
  serviceOrigin = '';

  constructor() {
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.origin !== this.serviceOrigin) this.http.set(url.origin, (this.http.get(url.origin) ?? 0) + 1);
      return realFetch(input, init);
    }) as typeof fetch;
  }

  /** Counts the fetches of these registers from now on. */
  watch(registers: readonly Register[]): void {
    for (const register of registers) {
      const fetchOf = register.fetch.bind(register);
      register.fetch = ((dataPoint, companyId, ctx) => {
        const k = `${register.countryCode}:${ctx.mode}`;
        this.fetches.set(k, (this.fetches.get(k) ?? 0) + 1);
        return fetchOf(dataPoint, companyId, ctx);
      }) as Register['fetch'];
    }
  }

  reset(): void {
    this.fetches.clear();
    this.http.clear();
  }

  /** Register fetches by `countryCode:mode`. */
  fetchesByMode(): Record<string, number> {
    return Object.fromEntries(this.fetches);
  }

  get fetchCount(): number {
    return [...this.fetches.values()].reduce((a, b) => a + b, 0);
  }

  get httpCount(): number {
    return [...this.http.values()].reduce((a, b) => a + b, 0);
  }
}
