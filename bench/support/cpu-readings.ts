// Where the CPU of a benchmark window went, for a service that runs in several processes beside a receiver process
// and a PostgreSQL server that other work shares: a reading holds each service process's CPU and outgoing requests
// (service-probe.ts), the receiver's CPU, the whole machine's busy time and the CPU of the PostgreSQL backends serving
// the service processes (postgres-cpu.ts); two readings give the use per process and per delivery.
import { cpus } from 'node:os';
import type { Db } from '../../src/store/db.ts';
import { busyShare, machineCpuTimes, type CpuTimes } from './machine-cpu.ts';
import { backendCpu, backendCpuBetween, type BackendCpu } from './postgres-cpu.ts';
import type { Probe } from './service-probe.ts';
import { cpuMsBetween, round1 } from './stats.ts';

export interface Reading {
  at: number;
  probes: Probe[];
  receiverCpu: NodeJS.CpuUsage;
  machine: CpuTimes | undefined;
  /** Empty without PostgreSQL (PGlite runs inside the service process, whose CPU holds it). */
  postgres: BackendCpu;
}

export interface ReadingSources {
  probeAll(): Promise<Probe[]>;
  receiverCpu(): Promise<NodeJS.CpuUsage>;
  /** A connection to the service's PostgreSQL server, and its port; undefined on PGlite. */
  postgres?: { db: Db; port: number };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const seconds = (from: NodeJS.CpuUsage, to: NodeJS.CpuUsage) => cpuMsBetween(from, to) / 1000;

export async function takeReading(sources: ReadingSources): Promise<Reading> {
  const probes = await sources.probeAll();
  const pg = sources.postgres;
  return {
    at: performance.now(),
    probes,
    receiverCpu: await sources.receiverCpu(),
    machine: machineCpuTimes(),
    postgres: pg
      ? await backendCpu(
          pg.db,
          probes.map((p) => p.pid),
          pg.port,
        )
      : new Map(),
  };
}

/**
 * The CPU between two readings: per service process (with its deliveries, counted from `before`, a probe taken
 * before any delivery), the receiver, the PostgreSQL backends, and per delivery. `projectedOnIdleCores` is what the
 * machine's cores would deliver at that CPU per delivery if nothing else ran on them: a projection, not a measure.
 */
export function cpuBetween(before: Probe[], first: Reading, last: Reading, deliveries: number, labels: string[]) {
  const window = (last.at - first.at) / 1000;
  const perProcess = last.probes.map((end, p) => {
    const delivered = end.httpRequests - before[p]!.httpRequests;
    const cpu = seconds(first.probes[p]!.cpu, end.cpu);
    return {
      process: labels[p]!,
      pid: end.pid,
      deliveries: delivered,
      share: round2(delivered / deliveries),
      cpuSeconds: round1(cpu),
      cpuMsPerDelivery: delivered ? round2((cpu * 1000) / delivered) : null,
      coresBusy: round2(cpu / window),
    };
  });
  const service = last.probes.reduce((n, end, p) => n + seconds(first.probes[p]!.cpu, end.cpu), 0);
  const receiver = seconds(first.receiverCpu, last.receiverCpu);
  const postgres = backendCpuBetween(first.postgres, last.postgres);
  const perDelivery = (s: number) => round2((s * 1000) / deliveries);
  return {
    windowSeconds: round1(window),
    allCoresBusy: round2(busyShare(first.machine, last.machine) ?? NaN),
    perProcess,
    cpuMsPerDelivery: {
      serviceProcesses: perDelivery(service),
      ...(first.postgres.size || last.postgres.size ? { postgresBackends: perDelivery(postgres) } : {}),
      receiver: perDelivery(receiver),
      total: perDelivery(service + postgres + receiver),
    },
    projectedOnIdleCores: Math.round((cpus().length * deliveries) / (service + postgres + receiver)),
  };
}
