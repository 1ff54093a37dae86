// The cells of the request-path benchmark (bench/request-path.ts): one load against one service, at a fixed offered
// rate (paced request by request, bench/support/paced-load.ts) or at saturation (autocannon), with the CPU the service,
// PostgreSQL and the load generator spent on it and how busy the machine's cores were.
import autocannon from 'autocannon';
import { busyShare, machineCpuTimes } from './machine-cpu.ts';
import { pacedLoad, type PacedRequest, type PacedResult } from './paced-load.ts';
import { backendCpuBetween, type BackendCpu } from './postgres-cpu.ts';
import { cpuMsBetween, round1 } from './stats.ts';

export interface Target {
  url: string;
  cpu(): Promise<NodeJS.CpuUsage>;
  /** PostgreSQL: CPU seconds so far of the backends serving the service (bench/support/postgres-cpu.ts). */
  postgresCpu?(): Promise<BackendCpu>;
  trace?(): Promise<Record<string, number>>;
}

export interface Cell {
  store: string;
  scenario: string;
  load: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Fixed rate: requests that fell due but found every connection busy until the cell ended. */
  unsent?: number;
  cpuMsPerReq: number;
  /** PostgreSQL's CPU for the service's statements, per request (its backends' CPU over the cell). */
  postgresCpuMsPerReq?: number;
  /** The load generator's CPU per request: this process, where autocannon and the paced load run. */
  loadCpuMsPerReq: number;
  /** Share of all the machine's cores busy over the cell (service, PostgreSQL, load and anything else), 0..1. */
  machineBusy?: number;
  trace?: Record<string, number>;
}

/** How long each cell runs and over how many connections. */
export interface CellLoad {
  durationS: number;
  connections: number;
}

export type CellFigures = Omit<Cell, 'store' | 'scenario' | 'load'>;

/** The measurements of cells run with `load`. */
export function cellMeasurer(load: CellLoad) {
  const { durationS, connections } = load;
  async function measure(target: Target, key: string | undefined, req: autocannon.Request, rate?: number): Promise<CellFigures> {
    const headers = { ...(req.headers ?? {}), ...(key ? { 'x-api-key': key } : {}) };
    // One request alone first: it answers once the work a previous cell left queued in the service is done.
    await autocannon({ url: target.url, connections: 1, amount: 1, requests: [{ ...req, headers }] });
    const before = await target.cpu();
    const postgresBefore = await target.postgresCpu?.();
    const traceBefore = await target.trace?.();
    const machine = machineReading();
    // A fixed offered rate is paced request by request (bench/support/paced-load.ts); saturation is autocannon's.
    const all = headers as Record<string, string>;
    const result = rate ? await paced(target.url, all, req, rate) : await saturated(target.url, all, req);
    const beside = machine.end(result.completed);
    const after = await target.cpu();
    const postgresAfter = await target.postgresCpu?.();
    const trace = await target.trace?.();
    const done = result.completed || 1;
    const cpuMs = cpuMsBetween(before, after);
    return {
      rps: round1(result.completed / durationS),
      p50: result.p50,
      p99: result.p99,
      errors: result.errors,
      ...(rate ? { unsent: result.unsent } : {}),
      cpuMsPerReq: Math.round((cpuMs / done) * 100) / 100,
      ...beside,
      ...(postgresBefore && postgresAfter
        ? { postgresCpuMsPerReq: Math.round(((backendCpuBetween(postgresBefore, postgresAfter) * 1000) / done) * 100) / 100 }
        : {}),
      ...(trace && traceBefore
        ? {
            trace: Object.fromEntries(
              Object.entries(trace).map(([k, v]) => [k, Math.round(((v - (traceBefore[k] ?? 0)) / done) * 100) / 100]),
            ),
          }
        : {}),
    };
  }

  /** Starts reading the load generator's CPU (this process) and the machine's over a cell; `end` answers both. */
  function machineReading() {
    const loadBefore = process.cpuUsage();
    const ticksBefore = machineCpuTimes();
    return {
      end(completed: number): Pick<Cell, 'loadCpuMsPerReq' | 'machineBusy'> {
        const machineBusy = busyShare(ticksBefore, machineCpuTimes());
        const load = process.cpuUsage(loadBefore);
        return { loadCpuMsPerReq: Math.round(((load.user + load.system) / 1000 / (completed || 1)) * 100) / 100, machineBusy };
      },
    };
  }

  async function saturated(url: string, headers: Record<string, string>, req: autocannon.Request): Promise<PacedResult> {
    const result = await autocannon({ url, connections: connections, duration: durationS, requests: [{ ...req, headers }] });
    const errors = result.errors + result.timeouts + result.non2xx;
    return { completed: result.requests.total, errors, unsent: 0, p50: result.latency.p50, p99: result.latency.p99 };
  }

  function paced(url: string, headers: Record<string, string>, req: autocannon.Request, rate: number): Promise<PacedResult> {
    const { setupRequest, ...base } = req as autocannon.Request & { setupRequest?: (r: autocannon.Request) => autocannon.Request };
    return pacedLoad({
      url,
      rate,
      durationS: durationS,
      connections: connections,
      next: () => {
        const r = setupRequest ? setupRequest({ ...base }) : base;
        return {
          method: (r.method ?? 'GET') as PacedRequest['method'],
          path: r.path ?? '/',
          headers: { ...headers, ...(r.headers as Record<string, string> | undefined) },
          ...(typeof r.body === 'string' ? { body: r.body } : {}),
        };
      },
    });
  }

  /** Saturation across several service processes: one autocannon per process, the connections split between them. */
  async function measureAcross(targets: Target[], key: string, req: autocannon.Request): Promise<CellFigures> {
    const headers = { ...(req.headers ?? {}), 'x-api-key': key };
    const cpu = async () =>
      (await Promise.all(targets.map((t) => t.cpu()))).reduce((a, c) => ({ user: a.user + c.user, system: a.system + c.system }));
    const before = await cpu();
    const machine = machineReading();
    const results = await Promise.all(
      targets.map((t) =>
        autocannon({
          url: t.url,
          connections: Math.max(1, Math.floor(connections / targets.length)),
          duration: durationS,
          requests: [{ ...req, headers }],
        }),
      ),
    );
    const beside = machine.end(results.reduce((n, r) => n + r.requests.total, 0));
    const after = await cpu();
    const done = results.reduce((n, r) => n + r.requests.total, 0) || 1;
    return {
      rps: round1(done / durationS),
      // The slower process's percentiles: what a caller behind a balancer sees at worst.
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      errors: results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
      cpuMsPerReq: Math.round((cpuMsBetween(before, after) / done) * 100) / 100,
      ...beside,
    };
  }

  return { measure, measureAcross };
}
