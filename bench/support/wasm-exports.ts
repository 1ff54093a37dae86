// The names of a WebAssembly module's exported functions by function index, read from its export section. V8 names a
// WebAssembly frame in a CPU profile only `wasm-function[<index>]`; PGlite's build of PostgreSQL has no name section,
// but it exports some two thousand of PostgreSQL's functions (for extensions to link against), the executor's,
// the planner's and the storage manager's among them: enough to tell where the embedded store's thread spends its time.

import { readFileSync } from 'node:fs';

const EXPORT_SECTION = 7;
const FUNCTION_EXPORT = 0;

export function exportedFunctionNames(wasmPath: string): Map<number, string> {
  const bytes = readFileSync(wasmPath);
  let at = 8; // past the magic number and the version
  const leb128 = () => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  const names = new Map<number, string>();
  while (at < bytes.length) {
    const section = bytes[at++]!;
    const size = leb128();
    const end = at + size;
    if (section === EXPORT_SECTION) {
      for (let count = leb128(); count > 0; count--) {
        const length = leb128();
        const name = bytes.subarray(at, at + length).toString('utf8');
        at += length;
        const kind = bytes[at++]!;
        const index = leb128();
        if (kind === FUNCTION_EXPORT) names.set(index, name);
      }
    }
    at = end;
  }
  return names;
}
