import { z } from 'zod';
import { Timestamp } from './common.ts';

/**
 * `not_available`: the source was read but gives nothing for this block (not extracted, not published, not
 * disclosed): an empty list under it does not mean "none", and `documents[].reason` says why. Under any other type,
 * an empty list is the register saying there are none.
 */
export const SOURCE_TYPES = ['live_from_registry', 'cached_from_registry', 'inferred', 'ai_analysis', 'not_available'] as const;

export const SourceDocument = z.object({
  name: z.string(),
  date: z.string().optional(),
  reason: z.string().optional(),
});

export const Source = z
  .object({
    type: z
      .enum(SOURCE_TYPES)
      .describe(
        'not_available: the source was read but gives nothing for this block (not extracted, not published, not disclosed); an empty list then does not mean "none", and documents[].reason says why. Under any other type an empty list is the register saying there are none.',
      ),
    register: z.string().describe('The register (or inference step) the value comes from.'),
    retrievedAt: Timestamp.optional(),
    documents: z.array(SourceDocument).optional(),
  })
  .meta({ id: 'Source' });
export type Source = z.infer<typeof Source>;

export const BlockSources = z
  .object({
    overall: Source.optional(),
    fields: z.record(z.string(), Source).optional().describe('Per-field origin where fields of one block differ.'),
  })
  .meta({ id: 'BlockSources' });
export type BlockSources = z.infer<typeof BlockSources>;

export const DataSources = z
  .object({
    company: BlockSources.optional(),
    shareholders: BlockSources.optional(),
    ultimateBeneficialOwners: BlockSources.optional(),
    legalRepresentatives: BlockSources.optional(),
    establishments: BlockSources.optional(),
    otherKeyPersons: BlockSources.optional(),
    subsidiaries: BlockSources.optional(),
  })
  .meta({ id: 'DataSources', description: 'Where each block (and, where they differ, each field) came from.' });
export type DataSources = z.infer<typeof DataSources>;
