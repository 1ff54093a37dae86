import { hash } from 'node:crypto';
import { Rng, seeds } from '../../sandbox/random.ts';

export type { Rng } from '../../sandbox/random.ts';

// The TEST register must give the same company for the same id in every process and on every machine: each part
// of a company draws from the sandbox kit's seeded generator, seeded through SHA-256 so similar ids give unrelated seeds.

/**
 * An independent stream per (company, topic): each part of a company draws from its own stream, so adding a
 * field to one part never shifts the values of another.
 */
export function rngFor(companyId: string, topic: string): Rng {
  return Rng.of(seeds.sha256(`TEST\u0000${companyId}\u0000${topic}`));
}

/** A short stable id for a person or company inside a record. */
export function stableId(prefix: string, ...parts: string[]): string {
  return `${prefix}_${hash('sha256', parts.join('\u0000'), 'hex').slice(0, 12)}`;
}
