import type { Account } from '../accounts/service.ts';
import { ApiError } from '../shared/errors.ts';
import type { Register } from './contract.ts';

/** Registers that an account must have enabled before it may retrieve from them (spec §2.11). */
const FEATURE_GATED: Record<string, { feature: 'usNy'; label: string }> = {
  'US-NY': { feature: 'usNy', label: 'US-NY' },
};

/** The registers this deployment serves, by country code. */
export class RegisterRegistry {
  private readonly byCode = new Map<string, Register>();

  constructor(registers: Register[]) {
    for (const r of registers) this.byCode.set(r.countryCode, r);
  }

  get(countryCode: string): Register | undefined {
    return this.byCode.get(countryCode);
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
  forRetrieval(countryCode: string, account: Account): Register {
    const gate = FEATURE_GATED[countryCode];
    if (gate && !account.features[gate.feature]) {
      throw new ApiError('invalid_request', `${gate.label} is not enabled for this account`, [
        `countryCode: ${countryCode} requires the ${gate.feature} feature; ask the operator to enable it`,
      ]);
    }
    return this.require(countryCode);
  }

  private require(countryCode: string): Register {
    const register = this.byCode.get(countryCode);
    if (!register) {
      throw new ApiError('not_supported', `no register is available for ${countryCode} yet`, [
        `supported: ${[...this.byCode.keys()].sort().join(', ')}`,
      ]);
    }
    return register;
  }
}
