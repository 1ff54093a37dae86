/** The bench's command-line flags: `--name=value` as name → value, a bare `--name` as name → 'true'. */
export function flags(argv: readonly string[] = process.argv.slice(2)): Map<string, string> {
  return new Map(
    argv
      .filter((a) => a.startsWith('--'))
      .map((a) => {
        const [k, v] = a.slice(2).split('=');
        return [k!, v ?? 'true'] as const;
      }),
  );
}
