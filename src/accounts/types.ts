/**
 * Registers enabled for the account, by their manifests' feature keys (spec §2.11: a gated register answers 400
 * until enabled on the workspace).
 */
export type AccountFeatures = Record<string, boolean | undefined>;

export interface Account {
  id: string;
  name: string;
  features: AccountFeatures;
}

/** An API key as its account sees it (`/v2/api-keys`, the dashboard): never the key itself, only its prefix. */
export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}
