// The part of madge's API scripts/check-cycles.ts uses (madge ships no types).
declare module 'madge' {
  interface MadgeResult {
    /** Each file (relative to the base directory) and the files it imports. */
    obj(): Record<string, string[]>;
  }
  export default function madge(path: string, config?: Record<string, unknown>): Promise<MadgeResult>;
}
