import { randomBytes } from 'node:crypto';
import { kindOf } from '../mapping/documents.ts';
import type { MtFiling } from '../record.ts';

/** What the registry charges for a file, in EUR, by kind (registers/mt.md: 5 to 25 each). */
const FEES: Record<string, number> = { PROSPECTUS: 25, MEMART: 10, ACCOUNTS: 10, RETURN: 5, OTHER: 5 };
const MAX_RETRIEVALS = 1000;

interface Retrieval {
  companyId: string;
  fileId: string;
  title: string;
  status: 'created' | 'processed';
}

/**
 * Document retrievals of the emulated system: created, processed (the fee is charged, once per file and account:
 * a file bought before is free), downloaded. Purchases are counted for tests and the operator's curiosity.
 */
export class Retrievals {
  private readonly open = new Map<string, Retrieval>();
  private readonly purchased = new Set<string>();
  /** Fees charged, in EUR, since the emulator started. */
  feesCharged = 0;

  create(companyId: string, filing: MtFiling) {
    if (this.open.size >= MAX_RETRIEVALS) this.open.delete(this.open.keys().next().value!);
    const retrievalId = randomBytes(12).toString('hex');
    this.open.set(retrievalId, { companyId, fileId: filing.fileId, title: filing.title, status: 'created' });
    const alreadyPurchased = this.purchased.has(`${companyId}:${filing.fileId}`);
    return {
      retrievalId,
      status: 'created',
      fee: { amount: alreadyPurchased ? 0 : this.feeOf(filing), currency: 'EUR' },
      alreadyPurchased,
    };
  }

  get(retrievalId: string): Retrieval | undefined {
    return this.open.get(retrievalId);
  }

  process(retrievalId: string, filing: MtFiling) {
    const r = this.open.get(retrievalId)!;
    const key = `${r.companyId}:${r.fileId}`;
    if (r.status === 'created' && !this.purchased.has(key)) {
      this.purchased.add(key);
      this.feesCharged += this.feeOf(filing);
    }
    r.status = 'processed';
    return { retrievalId, status: r.status };
  }

  private feeOf(filing: MtFiling): number {
    return FEES[kindOf(filing.title).code] ?? 5;
  }
}
