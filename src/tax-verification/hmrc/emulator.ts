import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { text as readText } from 'node:stream/consumers';
import { serveOnLoopback, sendJson } from '../../sandbox/emulator-http.ts';
import { sleep } from '../../shared/sleep.ts';
import type { IssuedTaxId } from '../issued.ts';
import { ACCEPT_V2, LOOKUP_PATH, SCOPE, TOKEN_PATH, type HmrcAddress } from './protocol.ts';

export interface HmrcEmulatorData {
  /** The registration behind a VRN (9 or 12 digits), if the sandbox registers handed it out. */
  find(vrn: string): IssuedTaxId | undefined;
  isInOutage(): Promise<boolean>;
  latencyMs(): number;
  /** The application's credentials the emulator accepts. */
  clientId: string;
  clientSecret: string;
  now(): Date;
}

export interface Emulator {
  url: string;
  close(): Promise<void>;
}

const VRN = /^(\d{9}|\d{12})$/;
const TOKEN_LIFETIME_S = 4 * 3600;

/**
 * The sandbox twin of HMRC's "Check a UK VAT number" API v2 (protocol.ts) on a loopback port: client-credentials
 * tokens, the Accept header, HMRC's status codes and error bodies, a consultation number when a registered requester
 * VRN is named. It knows the numbers the sandbox registers handed out; an outage (the sandbox switch `HMRC-VAT`)
 * answers 503 to everything.
 */
export async function startHmrcEmulator(data: HmrcEmulatorData): Promise<Emulator> {
  const tokens = new Map<string, number>();
  // Aborted at close: a latency sleep ends with the emulator instead of outliving a stopped service.
  const lifetime = new AbortController();
  const server = await serveOnLoopback(
    (req, res) => handle(req, res, data, tokens, lifetime.signal),
    (err) => ({ status: 500, body: { code: 'INTERNAL_SERVER_ERROR', message: err.message } }),
  );
  return {
    url: server.url,
    close: () => {
      lifetime.abort(new Error('the emulator stopped'));
      return server.close();
    },
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  data: HmrcEmulatorData,
  tokens: Map<string, number>,
  lifetime: AbortSignal,
) {
  const url = new URL(req.url ?? '/', 'http://hmrc');
  const body = await readText(req);
  await sleep(data.latencyMs(), lifetime);
  if (await data.isInOutage()) return sendJson(res, 503, { code: 'SERVER_ERROR', message: 'Service unavailable' });

  if (req.method === 'POST' && url.pathname === TOKEN_PATH) {
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'client_credentials')
      return sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' });
    if (form.get('client_id') !== data.clientId || form.get('client_secret') !== data.clientSecret) {
      return sendJson(res, 401, { error: 'invalid_client', error_description: 'invalid client id or secret' });
    }
    const token = randomBytes(16).toString('hex');
    tokens.set(token, Date.now() + TOKEN_LIFETIME_S * 1000);
    return sendJson(res, 200, {
      access_token: token,
      token_type: 'bearer',
      expires_in: TOKEN_LIFETIME_S,
      scope: form.get('scope') ?? SCOPE,
    });
  }

  if (req.method !== 'GET' || !url.pathname.startsWith(LOOKUP_PATH))
    return sendJson(res, 404, {
      code: 'MATCHING_RESOURCE_NOT_FOUND',
      message: 'A resource with the name in the request can not be found in the API',
    });
  if (req.headers.accept !== ACCEPT_V2)
    return sendJson(res, 406, { code: 'ACCEPT_HEADER_INVALID', message: 'The accept header is missing or invalid' });
  const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!bearer) return sendJson(res, 401, { code: 'MISSING_CREDENTIALS', message: 'Authentication information is not provided' });
  if ((tokens.get(bearer) ?? 0) < Date.now())
    return sendJson(res, 401, { code: 'INVALID_CREDENTIALS', message: 'Invalid Authentication information provided' });

  const [target = '', requester, ...rest] = url.pathname.slice(LOOKUP_PATH.length).split('/').map(decodeURIComponent);
  if (rest.length)
    return sendJson(res, 404, {
      code: 'MATCHING_RESOURCE_NOT_FOUND',
      message: 'A resource with the name in the request can not be found in the API',
    });
  const badTarget = !VRN.test(target);
  const badRequester = requester !== undefined && !VRN.test(requester);
  if (badTarget || badRequester) {
    const which = badTarget && badRequester ? 'targetVrn and requesterVrn' : badTarget ? 'targetVrn' : 'requesterVrn';
    return sendJson(res, 400, { code: 'INVALID_REQUEST', message: `Invalid ${which} - Vrn parameters should be 9 or 12 digits` });
  }
  const company = data.find(target);
  if (!company) return sendJson(res, 404, { code: 'NOT_FOUND', message: 'targetVrn does not match a registered company' });
  if (requester !== undefined && !data.find(requester)) {
    return sendJson(res, 403, { code: 'INVALID_REQUEST', message: 'requesterVrn does not match a registered company' });
  }
  return sendJson(res, 200, {
    target: { name: company.name, vatNumber: target, address: hmrcAddressOf(company) },
    ...(requester !== undefined ? { requester, consultationNumber: consultationNumber() } : {}),
    // HMRC writes the processing time with an offset and without milliseconds.
    processingDate: data
      .now()
      .toISOString()
      .replace(/\.\d{3}Z$/, '+00:00'),
  });
}

function hmrcAddressOf(company: IssuedTaxId): HmrcAddress {
  const a = company.address ?? {};
  const lines = [a.addressLine1, a.addressLine2, a.city, a.region].filter((l): l is string => !!l);
  return {
    line1: lines[0] ?? company.name,
    ...Object.fromEntries(lines.slice(1).map((l, i) => [`line${i + 2}`, l])),
    ...(a.postalCode ? { postcode: a.postalCode } : {}),
    countryCode: a.countryCode ?? 'GB',
  };
}

/** Nine letters and digits, as HMRC's consultation numbers look. */
function consultationNumber(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(9)].map((b) => alphabet[b % alphabet.length]).join('');
}
