import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveOnLoopback, readJsonObject, sendJson } from '../../sandbox/emulator-http.ts';
import { sleep } from '../../shared/sleep.ts';
import type { Emulator } from '../hmrc/emulator.ts';
import type { IssuedTaxId } from '../issued.ts';
import { VIES_MEMBER_STATES } from '../vat-numbers.ts';
import { CHECK_PATH, CheckRequest } from './protocol.ts';

export interface ViesEmulatorData {
  /** The registration behind a member state's number (`LU12345613`), if the sandbox registers handed it out. */
  find(key: string): IssuedTaxId | undefined;
  isInOutage(): Promise<boolean>;
  latencyMs(): number;
  now(): Date;
}

const failure = (error: string, message?: string) => ({
  actionSucceed: false,
  errorWrappers: [{ error, ...(message ? { message } : {}) }],
});

/**
 * The sandbox twin of the VIES REST API (protocol.ts) on a loopback port: `POST /check-vat-number`, failures inside
 * HTTP 200 answers as VIES gives them, a request identifier when a known requester is named. It knows the numbers
 * the sandbox registers handed out; an outage (the sandbox switch `VIES`) answers `MS_UNAVAILABLE`.
 */
export async function startViesEmulator(data: ViesEmulatorData): Promise<Emulator> {
  // Aborted at close: a latency sleep ends with the emulator instead of outliving a stopped service.
  const lifetime = new AbortController();
  const server = await serveOnLoopback(
    (req, res) => handle(req, res, data, lifetime.signal),
    (err) => ({ status: 500, body: failure('SERVICE_UNAVAILABLE', err.message) }),
  );
  return {
    url: server.url,
    close: () => {
      lifetime.abort(new Error('the emulator stopped'));
      return server.close();
    },
  };
}

class Malformed extends Error {}

async function handle(req: IncomingMessage, res: ServerResponse, data: ViesEmulatorData, lifetime: AbortSignal) {
  const url = new URL(req.url ?? '/', 'http://vies');
  if (req.method !== 'POST' || url.pathname !== CHECK_PATH) return sendJson(res, 404, failure('NOT_FOUND'));
  let body: Record<string, unknown>;
  try {
    body = await readJsonObject(req, () => new Malformed());
  } catch {
    return sendJson(res, 400, failure('INVALID_INPUT', 'The request body is not JSON'));
  }
  const parsed = CheckRequest.safeParse(body);
  if (!parsed.success) return sendJson(res, 400, failure('INVALID_INPUT', 'countryCode and vatNumber are required'));
  await sleep(data.latencyMs(), lifetime);
  if (await data.isInOutage())
    return sendJson(res, 200, failure('MS_UNAVAILABLE', 'The application at the Member State is not replying or not available'));
  const q = parsed.data;
  const states = VIES_MEMBER_STATES as readonly string[];
  const countryCode = q.countryCode.toUpperCase();
  const vatNumber = q.vatNumber.replace(/\s/g, '').toUpperCase();
  if (!states.includes(countryCode) || !/^[0-9A-Z+*]{2,12}$/.test(vatNumber)) return sendJson(res, 200, failure('INVALID_INPUT'));
  const requester =
    q.requesterMemberStateCode && q.requesterNumber
      ? `${q.requesterMemberStateCode.toUpperCase()}${q.requesterNumber.replace(/\s/g, '')}`
      : undefined;
  if (requester && !data.find(requester)) return sendJson(res, 200, failure('INVALID_REQUESTER_INFO'));
  const company = data.find(`${countryCode}${vatNumber}`);
  const base = {
    countryCode,
    vatNumber,
    requestDate: data.now().toISOString(),
    valid: !!company,
    requestIdentifier: requester && company ? `WAPI${randomBytes(9).toString('base64url').slice(0, 12)}` : '',
    name: company?.name ?? '---',
    address: company ? viesAddressOf(company) : '---',
  };
  // Without trader details to compare, VIES answers every match as not processed.
  return sendJson(res, 200, {
    ...base,
    traderName: '---',
    traderNameMatch: 'NOT_PROCESSED',
    traderStreetMatch: 'NOT_PROCESSED',
    traderPostalCodeMatch: 'NOT_PROCESSED',
    traderCityMatch: 'NOT_PROCESSED',
    traderCompanyTypeMatch: 'NOT_PROCESSED',
  });
}

/** VIES gives an address as lines separated by newlines, postcode and city on the last. */
function viesAddressOf(company: IssuedTaxId): string {
  const a = company.address;
  if (!a) return '---';
  const last = [a.postalCode, a.city].filter(Boolean).join(' ');
  const lines = [a.addressLine1, a.addressLine2, last].filter((l): l is string => !!l);
  return lines.length ? lines.join('\n') : '---';
}
