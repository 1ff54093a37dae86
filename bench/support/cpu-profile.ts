// Reading a V8 CPU profile (.cpuprofile, as Node's --cpu-prof writes one per thread): where a thread's time went, by
// the file or function that was running (self time) and by the functions on the stack (inclusive time). V8 samples by
// wall clock, so a thread's idle time is in the profile too, as the `(idle)` node.

import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

/** A profile's sampled stacks: each sampled leaf node with the time V8 attributed to it. */
export interface CpuProfile {
  nodes: Map<number, ProfileNode>;
  parentOf: Map<number, number>;
  /** Microseconds per sampled leaf node. */
  sampled: Map<number, number>;
  totalUs: number;
}

export function readCpuProfile(path: string): CpuProfile {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const nodes = new Map(raw.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of raw.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  const sampled = new Map<number, number>();
  let totalUs = 0;
  raw.samples.forEach((id, i) => {
    const us = raw.timeDeltas[i] ?? 0;
    sampled.set(id, (sampled.get(id) ?? 0) + us);
    totalUs += us;
  });
  return { nodes, parentOf, sampled, totalUs };
}

/** A name for a frame, or undefined to skip it (a frame that says nothing the caller wants). */
export type FrameName = (frame: CallFrame) => string | undefined;

/** Self time by the name of the frame that was running, largest first, as shares of the profile's time. */
export function selfShares(profile: CpuProfile, nameOf: FrameName): [string, number][] {
  const by = new Map<string, number>();
  for (const [id, us] of profile.sampled) {
    const name = nameOf(profile.nodes.get(id)!.callFrame);
    if (name !== undefined) by.set(name, (by.get(name) ?? 0) + us);
  }
  return sharesOf(by, profile.totalUs);
}

/**
 * Inclusive time by name: each sample counts once for every distinct name on its stack. `under`: only samples with
 * that name on the stack, as shares of their own time (what a function's time is made of).
 */
export function inclusiveShares(profile: CpuProfile, nameOf: FrameName, under?: string): { shares: [string, number][]; ofProfile: number } {
  const by = new Map<string, number>();
  let within = 0;
  for (const [leaf, us] of profile.sampled) {
    const stack: string[] = [];
    for (let id: number | undefined = leaf; id !== undefined; id = profile.parentOf.get(id)) {
      const name = nameOf(profile.nodes.get(id)!.callFrame);
      if (name !== undefined) stack.push(name);
    }
    const cut = under === undefined ? stack.length : stack.indexOf(under);
    if (cut < 0) continue;
    within += us;
    for (const name of new Set(stack.slice(0, cut))) by.set(name, (by.get(name) ?? 0) + us);
  }
  return { shares: sharesOf(by, within), ofProfile: profile.totalUs === 0 ? 0 : within / profile.totalUs };
}

function sharesOf(by: Map<string, number>, totalUs: number): [string, number][] {
  return [...by].map(([name, us]): [string, number] => [name, totalUs === 0 ? 0 : us / totalUs]).sort((a, b) => b[1] - a[1]);
}

/** A frame by its source file (node_modules and the repository's own folders shortened), or its native name. */
export const fileOfFrame: FrameName = ({ url, functionName }) =>
  url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(src|bench|test)\//, '$1/') || functionName || '(native)';
