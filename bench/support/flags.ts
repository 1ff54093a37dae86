import { readFileSync } from 'node:fs';

/**
 * The bench's command-line flags: `--name=value` as name → value, a bare `--name` as name → 'true'. `--help` prints
 * the running script's opening comment (each bench script's usage) and exits. `known`: the flags the script reads;
 * any other stops it with the list, so that a mistyped flag is not a whole run measured without it.
 */
export function flags(argv: readonly string[] = process.argv.slice(2), known?: readonly string[]): Map<string, string> {
  const parsed = new Map(
    argv
      .filter((a) => a.startsWith('--'))
      .map((a) => {
        const [k, v] = a.slice(2).split('=');
        return [k!, v ?? 'true'] as const;
      }),
  );
  if (parsed.has('help')) {
    console.log(usageOf(process.argv[1]));
    process.exit(0);
  }
  const unknown = known ? [...parsed.keys()].filter((k) => !known.includes(k)) : [];
  if (unknown.length) {
    console.error(
      `unknown flag(s): ${unknown.map((k) => `--${k}`).join(', ')}; this bench reads: ${known!.map((k) => `--${k}`).join(', ')} (--help)`,
    );
    process.exit(2);
  }
  return parsed;
}

/** A script's opening `//` comment, without the comment marks. */
function usageOf(script: string | undefined): string {
  if (!script) return '';
  const lines = readFileSync(script, 'utf8').split('\n');
  const end = lines.findIndex((l) => !l.startsWith('//'));
  return lines
    .slice(0, end < 0 ? lines.length : end)
    .map((l) => l.replace(/^\/\/ ?/, ''))
    .join('\n');
}
