import { z } from 'zod';
import { Address } from './common.ts';

export const BirthDate = z
  .object({
    day: z.number().int().min(1).max(31).optional(),
    month: z.number().int().min(1).max(12).optional(),
    year: z.number().int().optional(),
  })
  .meta({ id: 'BirthDate', description: 'Day or month may be absent in some registers.' });

export const PersonName = z
  .object({ fullName: z.string().optional(), firstName: z.string().optional(), lastName: z.string().optional() })
  .meta({ id: 'PersonName' });

export const Individual = z
  .object({
    gender: z.string().optional().describe('Male, Female, Other or PreferNotToSay (the incumbent’s values) where the register says.'),
    name: PersonName.optional(),
    birthDate: BirthDate.optional(),
    birthAddress: z
      .object({
        country: z.string().optional(),
        city: z.string().optional(),
        street: z.string().optional(),
        postalCode: z.string().optional(),
      })
      .optional(),
    nationality: z.string().optional().describe('ISO 3166-1 alpha-2.'),
    residenceAddress: Address.optional().describe('Where the person lives, when the register publishes it.'),
    serviceAddress: Address.optional().describe(
      'An address for service (correspondence) the register publishes for the person: where documents reach them, often an office, not where they live. Absent from the incumbent document, which has no field for it; never copied into residenceAddress.',
    ),
    identifiers: z.array(z.object({ type: z.string(), value: z.string() })).optional(),
  })
  .meta({ id: 'Individual' });
export type Individual = z.infer<typeof Individual>;
