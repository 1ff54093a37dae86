import type { ZodType } from 'zod';
import { CompanyCountry } from '../contract/index.ts';
import { ApiError } from '../shared/errors.ts';
import type { Register } from './contract.ts';
import type { FeatureGate, RegisterManifest } from './manifest.ts';

/** What a gate reads of an account: the registers enabled for it (accounts/service.ts `AccountFeatures`). */
interface FeaturedAccount {
  features: Record<string, boolean | undefined>;
}

/**
 * The registers this build knows (their manifests) and those this deployment serves, by country code: what the
 * rest of the service asks about registers, so that nothing outside a register's folder names one.
 */
export class RegisterRegistry {
  private readonly byCode = new Map<string, Register>();
  /** Registers that an account must have enabled before it may retrieve from them (spec §2.11). */
  private readonly gates = new Map<string, FeatureGate>();
  private readonly aliases = new Map<string, string>();

  constructor(
    registers: Register[],
    private readonly manifests: readonly RegisterManifest[] = [],
  ) {
    for (const m of manifests) {
      // The public country enums are the spec's lists (contract/countries.json): a register outside them could
      // never be asked for, so a build that lists one fails at start rather than answering 400 for it.
      if (!CompanyCountry.safeParse(m.code).success) throw new Error(`register ${m.code}: not a country code the API accepts`);
      if (m.feature) this.gates.set(m.code, m.feature);
      for (const alias of m.aliases ?? []) this.aliases.set(alias, m.code);
    }
    for (const r of registers) this.byCode.set(r.countryCode, r);
  }

  get(countryCode: string): Register | undefined {
    return this.byCode.get(this.aliases.get(countryCode) ?? countryCode);
  }

  /** The account features registers are gated by (the keys of `features` in `POST /admin/accounts`). */
  features(): string[] {
    return [...new Set([...this.gates.values()].map((g) => g.key))];
  }

  /** The sandbox registers' native `record` formats (CONTRACT §5), in the order of the manifest list. */
  sandboxRecordSchemas(): ZodType[] {
    return this.manifests.map((m) => m.sandboxRecordSchema);
  }

  all(): Register[] {
    return [...this.byCode.values()];
  }

  /** Closes every register (service stop). */
  async close(): Promise<void> {
    await Promise.all(this.all().map((r) => r.close?.()));
  }

  /** The register for a search; 406 for a valid country that has no register yet. */
  forSearch(countryCode: string): Register {
    return this.require(countryCode);
  }

  /** The register for retrieval by this account; 400 when the account lacks the register's feature. */
  forRetrieval(countryCode: string, account: FeaturedAccount): Register {
    const gate = this.gates.get(this.aliases.get(countryCode) ?? countryCode);
    if (gate && !account.features[gate.key]) {
      throw new ApiError('invalid_request', `${gate.label} is not enabled for this account`, [
        `countryCode: ${countryCode} requires the ${gate.key} feature; ask the operator to enable it`,
      ]);
    }
    return this.require(countryCode);
  }

  private require(countryCode: string): Register {
    const register = this.get(countryCode);
    if (!register) {
      throw new ApiError('not_supported', `no register is available for ${countryCode} yet`, [
        `supported: ${[...this.byCode.keys()].sort().join(', ')}`,
      ]);
    }
    return register;
  }
}
