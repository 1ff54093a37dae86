// Only the promise rules that need type information: Biome's noFloatingPromises (nursery) infers types itself and
// misses promises whose type comes from a library (pg's pool.query, node:fs/promises, pg-boss), so typescript-eslint
// checks these two rules with the TypeScript program. Formatting and every other rule are Biome's (biome.json).
import tseslint from 'typescript-eslint';

export default tseslint.config({
  files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
  },
  plugins: { '@typescript-eslint': tseslint.plugin },
  linterOptions: { reportUnusedDisableDirectives: 'error' },
  rules: {
    // node:test's test() and describe() return promises that the runner itself awaits and reports.
    '@typescript-eslint/no-floating-promises': [
      'error',
      { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] }] },
    ],
    '@typescript-eslint/no-misused-promises': 'error',
  },
});
