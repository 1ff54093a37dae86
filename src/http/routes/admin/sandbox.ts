import { z, type ZodType } from 'zod';
import { SearchCountry, errorResponses } from '../../../contract/index.ts';
import { SandboxBehaviour } from '../../../sandbox/store.ts';
import { ApiError } from '../../../shared/errors.ts';
import { blankToAbsent } from '../../../registers/native-record.ts';
import { HMRC_OUTAGE_KEY, VIES_OUTAGE_KEY } from '../../../tax-verification/index.ts';
import { documentBodyAs } from '../../openapi.ts';
import { typed, type RouteRegistrar, type App } from '../types.ts';
import type { Services } from '../../services.ts';

const security = [{ adminToken: [] }];
const CountryParams = z.object({ countryCode: SearchCountry });
const CompanyParams = CountryParams.extend({ companyId: z.string().trim().min(1).max(200) });

const OutageBody = z
  .object({
    durationMs: z
      .number()
      .int()
      .min(0)
      .max(30 * 86_400_000),
  })
  .strict();

const SandboxCompanyBody = z.object({ record: z.record(z.string(), z.unknown()), behaviour: SandboxBehaviour.optional() }).strict();
/** What the document shows: `record` in the native format of the path's register, which its handler checks. */
const documentedBody = (recordSchemas: ZodType[]) =>
  SandboxCompanyBody.extend({
    record: z.union(recordSchemas).describe('The company in the native format of the `countryCode` register (CONTRACT §5).'),
  });

function requireSandbox(services: Services) {
  if (services.config.REGISTERS !== 'sandbox') throw new ApiError('not_supported', 'sandbox controls exist only with REGISTERS=sandbox');
}

function sandboxRegister(services: Services, countryCode: string) {
  requireSandbox(services);
  const register = services.registers.get(countryCode);
  if (!register) throw new ApiError('not_supported', `no sandbox register for ${countryCode}`);
  return register;
}

export const register: RouteRegistrar = (app: App, services) => {
  const { sandbox, clock } = services;
  // Sandbox controls answer not_supported in live mode: the document of a live service leaves them out.
  const hide = services.config.REGISTERS !== 'sandbox';

  typed(app).put('/admin/sandbox/:countryCode/companies/:companyId', {
    schema: {
      tags: ['operator'],
      summary: 'Store a company in a sandbox register',
      description: '`record` is the company in the register’s native format (CONTRACT §5); `behaviour` sets latency and failures.',
      security,
      hide,
      params: CompanyParams,
      body: SandboxCompanyBody,
      response: {
        200: z.object({ countryCode: z.string(), companyId: z.string(), stored: z.literal(true) }),
        ...errorResponses(400, 401, 406),
      },
    },
    config: { swaggerTransform: documentBodyAs(documentedBody(services.registers.sandboxRecordSchemas())) },
    handler: async (req) => {
      const { countryCode, companyId } = req.params;
      const register = sandboxRegister(services, countryCode);
      const id = parseSandboxId(register, companyId);
      // Empty strings are how registers write absent values: dropped before the check, and not stored.
      const raw = blankToAbsent(req.body.record) as Record<string, unknown>;
      const record = register.sandboxRecordSchema?.safeParse(raw);
      if (record && !record.success) {
        throw new ApiError(
          'invalid_request',
          `record is not a ${countryCode} register record`,
          record.error.issues.map((i) => `record.${i.path.join('.')}: ${i.message}`),
        );
      }
      await sandbox.put(countryCode, id, raw, req.body.behaviour ?? {});
      return { countryCode, companyId: id, stored: true as const };
    },
  });

  typed(app).delete('/admin/sandbox/:countryCode/companies/:companyId', {
    schema: {
      tags: ['operator'],
      summary: 'Remove a company from a sandbox register',
      description: 'The company then behaves as one that left the register (not found, removed).',
      security,
      hide,
      params: CompanyParams,
      response: { 204: z.null(), ...errorResponses(400, 401, 406) },
    },
    handler: async (req, reply) => {
      const { countryCode, companyId } = req.params;
      const register = sandboxRegister(services, countryCode);
      await sandbox.remove(countryCode, parseSandboxId(register, companyId));
      return reply.status(204).send(null);
    },
  });

  typed(app).post('/admin/sandbox/:countryCode/outage', {
    schema: {
      tags: ['operator'],
      summary: 'Make a sandbox register unavailable for a while',
      security,
      hide,
      params: CountryParams,
      body: OutageBody,
      response: { 200: z.object({ countryCode: z.string(), unavailableUntil: z.string() }), ...errorResponses(400, 401, 406) },
    },
    handler: async (req) => {
      sandboxRegister(services, req.params.countryCode);
      const until = await sandbox.setOutage(req.params.countryCode, req.body.durationMs);
      return { countryCode: req.params.countryCode, unavailableUntil: until.toISOString() };
    },
  });

  typed(app).post('/admin/sandbox/tax-authorities/:authority/outage', {
    schema: {
      tags: ['operator'],
      summary: 'Make a sandbox tax authority unavailable for a while',
      description:
        'The emulated VAT-number checks (`HMRC-VAT`, `VIES`) answer as unavailable for that long: company blocks still succeed, their taxId without a verification.',
      security,
      hide,
      params: z.object({ authority: z.enum([HMRC_OUTAGE_KEY, VIES_OUTAGE_KEY]) }),
      body: OutageBody,
      response: { 200: z.object({ authority: z.string(), unavailableUntil: z.string() }), ...errorResponses(400, 401, 406) },
    },
    handler: async (req) => {
      requireSandbox(services);
      const until = await sandbox.setOutage(req.params.authority, req.body.durationMs);
      return { authority: req.params.authority, unavailableUntil: until.toISOString() };
    },
  });

  const ClockState = z.object({ now: z.string(), offsetMs: z.number() });
  typed(app).get('/admin/clock', {
    schema: { tags: ['operator'], summary: 'The service clock', security, response: { 200: ClockState, ...errorResponses(401) } },
    handler: async () => ({ now: clock.now().toISOString(), offsetMs: clock.offset }),
  });
  typed(app).post('/admin/clock', {
    schema: {
      tags: ['operator'],
      summary: 'Move the service clock forward (sandbox only)',
      description: 'Affects dedup windows, monitor due times and link validity. The clock never moves back.',
      security,
      hide,
      body: z
        .object({
          advanceMs: z
            .number()
            .int()
            .min(0)
            .max(100 * 365 * 86_400_000),
        })
        .strict(),
      response: { 200: ClockState, ...errorResponses(400, 401, 406) },
    },
    handler: async (req) => {
      if (services.config.REGISTERS !== 'sandbox') throw new ApiError('not_supported', 'the clock moves only with REGISTERS=sandbox');
      await services.advanceClock(req.body.advanceMs);
      return { now: clock.now().toISOString(), offsetMs: clock.offset };
    },
  });
};

function parseSandboxId(register: { parseCompanyId(raw: string): string }, raw: string): string {
  try {
    return register.parseCompanyId(raw);
  } catch (err) {
    throw new ApiError('invalid_request', (err as Error).message, [`companyId: ${(err as Error).message}`]);
  }
}
