// The CPU time of the PostgreSQL backends serving given processes (Linux, same machine): their connections are
// found through /proc (each process's sockets to the server's port), matched to backends by client port in
// pg_stat_activity, and each backend's CPU is read from /proc/<pid>/stat. For benchmarks that need the database's
// share of the work beside the service's own, on a machine where other work uses the same server.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import type { Db } from '../../src/store/db.ts';

/** CPU seconds by backend pid. */
export type BackendCpu = Map<number, number>;

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) inodes.add(m[1]!);
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    // not our process to read, or gone
  }
  return inodes;
}

/** Local ports of the TCP connections to `serverPort` whose socket inode is in `inodes`. */
function clientPorts(inodes: Set<string>, serverPort: number): number[] {
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || !inodes.has(f[9]!)) continue;
      const local = parseInt(f[1]!.split(':')[1]!, 16);
      const remote = parseInt(f[2]!.split(':')[1]!, 16);
      if (remote === serverPort) ports.push(local);
    }
  }
  return ports;
}

function processCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3: utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** CPU seconds so far of every backend connected to the processes `pids` (through `db`, on the same server). */
export async function backendCpu(db: Db, pids: readonly number[], serverPort = 5432): Promise<BackendCpu> {
  const inodes = new Set<string>();
  for (const pid of pids) for (const inode of socketInodes(pid)) inodes.add(inode);
  const ports = clientPorts(inodes, serverPort);
  const rows = await db.query<{ pid: number }>(`select pid from pg_stat_activity where client_port = any($1::int[])`, [ports]);
  const out: BackendCpu = new Map();
  for (const { pid } of rows) {
    const cpu = processCpuSeconds(pid);
    if (cpu !== undefined) out.set(pid, cpu);
  }
  return out;
}

/** CPU seconds the backends used between two readings; a backend that connected in between counts from zero. */
export function backendCpuBetween(from: BackendCpu, to: BackendCpu): number {
  let total = 0;
  for (const [pid, cpu] of to) total += cpu - (from.get(pid) ?? 0);
  return total;
}
