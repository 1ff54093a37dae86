import type { IncomingMessage, ServerResponse } from 'node:http';
import { behaviourLatency, type SandboxBehaviour } from '../../../sandbox/store.ts';
import { sleep } from '../../../shared/sleep.ts';
import { serveOnLoopback } from '../../../sandbox/emulator-http.ts';
import { failsByBehaviour } from '../../../sandbox/behaviour.ts';
import type { SnapshotEntity } from '../columns.ts';
import {
  EntityRecordRequest,
  HistoryRequest,
  PORTAL_PATH,
  SearchRequest,
  type EntityRecordResponse,
  type FilingHistoryItem,
} from '../portal/protocol.ts';
import { INVALID_ID, liveRecordOf } from './live-record.ts';

/** What the emulated Department of State knows: the sandbox register's entities and the operator's controls. */
export interface EmulatorData {
  /** An entity, or undefined when the register does not know it (never filed, or removed by the operator). */
  entity(dosId: string): Promise<{ snapshot: SnapshotEntity; live?: EntityRecordResponse; behaviour: SandboxBehaviour } | undefined>;
  /** Entities whose name matches, best first (the portal's BeginsWith/Contains, approximated by the name index). */
  searchNames(value: string, limit: number): Promise<SnapshotEntity[]>;
  /** The filing history the portal lists for an id (newest first); undefined when the portal does not know it. */
  filings(dosId: string): Promise<FilingHistoryItem[] | undefined>;
  /** An entity that a sandbox company absorbed by merger: no longer in the snapshot, still on the portal, inactive. */
  mergedOut(dosId: string): Promise<{ record: EntityRecordResponse } | undefined>;
  isInOutage(): Promise<boolean>;
  /** Takes one of a company's `failTimes`; true when this call must fail. */
  consumeFailure(dosId: string): Promise<boolean>;
  /** A page of an open-data dataset (`n9v6-gdp6` rows, `ekwr-p59j` names), as the JSON API answers it. */
  datasetPage(dataset: string, offset: number, limit: number): Promise<Record<string, string>[] | undefined>;
}

export interface Emulator {
  url: string;
  close(): Promise<void>;
}

/**
 * The sandbox twin of the NY Department of State: the public inquiry protocol (`POST
 * /PublicInquiryWeb/api/PublicInquiry/<Endpoint>`) and the open-data API (`GET /resource/<dataset>.json`) over real
 * HTTP on a loopback port, so that the connector is exercised exactly as against the real hosts. Outages, per-company
 * latency, failures and not-found come from the sandbox controls (CONTRACT §5); an outage or failure answers 503, as
 * the real host does behind its bot protection.
 */
export async function startEmulator(data: EmulatorData, opts: { latencyMs: () => number }): Promise<Emulator> {
  // Aborted at close: latency sleeps end with the emulator instead of holding the process.
  const lifetime = new AbortController();
  // The kit's loopback server: it never keeps the process alive, the service stops without knowing about it.
  const server = await serveOnLoopback(
    (req, res) => handle(req, res, data, { ...opts, signal: lifetime.signal }),
    (err) => ({ status: 500, body: { requestStatus: 'Failure', message: err.message } }),
  );
  return {
    url: server.url,
    close: () => {
      lifetime.abort(new Error('the emulator stopped'));
      return server.close();
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  data: EmulatorData,
  opts: { latencyMs: () => number; signal: AbortSignal },
) {
  const url = new URL(req.url ?? '/', 'http://emulator');
  if (req.method === 'GET' && url.pathname.startsWith('/resource/')) {
    const dataset = url.pathname.slice('/resource/'.length).replace(/\.json$/, '');
    const page = await data.datasetPage(
      dataset,
      Number(url.searchParams.get('$offset') ?? 0),
      Math.min(50_000, Number(url.searchParams.get('$limit') ?? 1000)),
    );
    return page ? send(res, 200, page) : send(res, 404, { error: true, message: `dataset ${dataset} not found` });
  }
  if (req.method !== 'POST' || !url.pathname.startsWith(PORTAL_PATH)) return send(res, 404, { message: 'not found' });
  const endpoint = url.pathname.slice(PORTAL_PATH.length);
  let body: unknown;
  try {
    body = await readBody(req);
  } catch {
    return send(res, 400, { requestStatus: 'Failure', message: 'the body is not JSON' });
  }
  if (await data.isInOutage()) return send(res, 503, { message: 'Service Unavailable' });
  switch (endpoint) {
    case 'GetEntityRecordByID': {
      const parsed = EntityRecordRequest.safeParse(body);
      if (!parsed.success) return send(res, 400, { requestStatus: 'Failure', message: 'SearchID is required' });
      const dosId = parsed.data.SearchID.trim();
      const found = await data.entity(dosId);
      // A company's own latency replaces the portal's usual one.
      await sleep((found && behaviourLatency(found.behaviour, 'profile')) ?? opts.latencyMs(), opts.signal);
      if (found && (await failFor(found.behaviour, dosId, data))) return send(res, 503, { message: 'Service Unavailable' });
      if (!found) return send(res, 200, (await data.mergedOut(dosId))?.record ?? INVALID_ID);
      if (found.behaviour.notFound) return send(res, 200, INVALID_ID);
      // The operator's record carries the filing history too; the portal answers that on its own endpoint.
      const { filingHistoryResultList: _filings, ...record } = (found.live ?? liveRecordOf(found.snapshot)) as EntityRecordResponse & {
        filingHistoryResultList?: unknown;
      };
      return send(res, 200, { ...record, entityGeneralInfo: record.entityGeneralInfo && { ...record.entityGeneralInfo, dosID: dosId } });
    }
    case 'GetComplexSearchMatchingEntities': {
      const parsed = SearchRequest.safeParse(body);
      if (!parsed.success) return send(res, 400, { requestStatus: 'Failure', message: parsed.error.issues[0]?.message });
      const q = parsed.data;
      await sleep(opts.latencyMs(), opts.signal);
      const start = q.listPaginationInfo.listStartRecord;
      const end = Math.max(start, q.listPaginationInfo.listEndRecord);
      let entities: SnapshotEntity[];
      if (q.searchByTypeIndicator === 'DosId') {
        const found = await data.entity(q.searchValue.trim());
        entities = found && !found.behaviour.notFound ? [found.snapshot] : [];
      } else entities = await data.searchNames(q.searchValue, end);
      const list = entities.slice(start - 1, end).map((e) => ({
        dosID: e.row.dos_id,
        entityName: e.row.current_entity_name,
        entityStatus: 'Active',
        entityType: e.row.entity_type ?? '',
        jurisdiction: e.row.jurisdiction ?? '',
        county: e.row.county ?? '',
        initialFilingDate: e.row.initial_dos_filing_date ? `${e.row.initial_dos_filing_date}T00:00:00` : '',
        assumedName: '',
        assumedNameID: '',
      }));
      return send(res, 200, { requestStatus: 'Success', totalMatchingCount: entities.length, entitySearchResultList: list });
    }
    case 'GetNameHistoryByID':
    case 'GetAssumedNameHistoryByID':
    case 'GetFilingHistoryByID': {
      const parsed = HistoryRequest.safeParse(body);
      if (!parsed.success) return send(res, 400, { requestStatus: 'Failure', message: 'SearchID is required' });
      if (endpoint === 'GetFilingHistoryByID') {
        const filings = (await data.filings(parsed.data.SearchID.trim())) ?? [];
        const page = parsed.data.listPaginationInfo ?? { listStartRecord: 1, listEndRecord: 50 };
        const list = filings.slice(Math.max(0, page.listStartRecord - 1), Math.max(page.listStartRecord, page.listEndRecord));
        return send(res, 200, { requestStatus: 'Success', totalMatchingCount: filings.length, filingHistoryResultList: list });
      }
      const found = await data.entity(parsed.data.SearchID.trim());
      const names = found && !found.behaviour.notFound ? found.snapshot.names : [];
      const assumed = endpoint === 'GetAssumedNameHistoryByID';
      const list = names
        .filter((n) => (n.name_type === 'ASSUMED') === assumed)
        .map((n) => ({ entityName: n.corp_name, nameStatus: n.name_status, fileDate: n.date_filed ? `${n.date_filed}T00:00:00` : '' }));
      return send(res, 200, { requestStatus: 'Success', [assumed ? 'assumedNameHistoryResultList' : 'nameHistoryResultList']: list });
    }
    default:
      return send(res, 404, { requestStatus: 'Failure', message: `unknown endpoint ${endpoint}` });
  }
}

/** Whether the company's behaviour fails this call: always unavailable, or one of its next failures. */
function failFor(b: SandboxBehaviour, dosId: string, data: EmulatorData): Promise<boolean> {
  return failsByBehaviour(b, () => data.consumeFailure(dosId));
}
