// The register boundary (issue 20, src/registers/README.md): nothing outside `src/registers/<folder>/` names a
// register or reaches into its folder; the rest of the service learns about registers from the manifests, through
// `src/registers/index.ts` and the registry. Run by `npm run lint` (so CI runs it): `npm run check:boundaries`.
//
// What fails:
//  - a string literal equal to a register's code or alias ('TEST', 'CN', 'MT', 'JE', 'US-NY', …, read from the
//    manifests) in a file outside that register's folder;
//  - an import (static, dynamic, `export … from`) that resolves into a register folder from outside it, except from
//    `src/registers/index.ts`, the manifest list. A register importing another register's folder fails too.
// What is scanned: production code, `src/**/*.ts` and `scripts/**/*.{ts,mjs}`. Comments are not code and are not read.
// What is exempt, and why:
//  - tests (`*.test.ts`, `test/`) and benchmarks (`bench/`): they exercise named registers on purpose;
//  - documentation (`*.md`) and data (`*.json`): the spec's country lists (src/contract/countries.json) name
//    countries whether or not a register serves them;
//  - `scripts/<folder>-*.ts`: a register's own tooling (`npm run generate:us-ny`), which is that register's code;
//  - ALLOWED below: one entry per file and code, each with its reason.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { MANIFESTS } from '../src/registers/index.ts';

// CHECK_ROOT: another tree to check (test/tooling/checks.test.ts shows the check failing on a planted violation).
const ROOT = resolve(process.env.CHECK_ROOT ?? resolve(import.meta.dirname, '..'));
const REGISTERS_DIR = join(ROOT, 'src', 'registers');

/** Code literals that are not the register, by file (relative to the repository) and code. */
const ALLOWED: Record<string, Record<string, string>> = {
  'src/tax-verification/vat-numbers.ts': { MT: "Malta as a VIES member-state prefix (the EU's VAT list), not the MT register" },
  'src/tax-verification/hmrc/emulator.ts': { GB: "the United Kingdom as HMRC's address country, not the GB register" },
};

const folders = readdirSync(REGISTERS_DIR).filter((f) => statSync(join(REGISTERS_DIR, f)).isDirectory());
const codes = new Set(MANIFESTS.flatMap((m) => [m.code, ...(m.aliases ?? [])]));

function files(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

/** The register folder a path lies in, if any. */
function folderOf(path: string): string | undefined {
  const rel = relative(REGISTERS_DIR, path);
  if (rel.startsWith('..') || !rel.includes(sep)) return undefined;
  const folder = rel.split(sep)[0]!;
  return folders.includes(folder) ? folder : undefined;
}

function problemsOf(file: string): string[] {
  const rel = relative(ROOT, file);
  const own = folderOf(file);
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const at = (node: ts.Node) => `${rel}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

  const checkImport = (node: ts.Node, specifier: string) => {
    if (!specifier.startsWith('.')) return;
    const target = folderOf(resolve(dirname(file), specifier));
    if (target && target !== own && rel !== join('src', 'registers', 'index.ts')) {
      problems.push(`${at(node)}: imports from src/registers/${target}/ (only src/registers/index.ts lists registers)`);
    }
  };

  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      checkImport(node, node.moduleSpecifier.text);
      return; // the specifier is a path, not a code literal
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) checkImport(node, arg.text);
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && codes.has(node.text) && own === undefined) {
      if (!ALLOWED[rel]?.[node.text]) problems.push(`${at(node)}: names the register '${node.text}' outside its folder`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

const scanned = [...files(join(ROOT, 'src'), /\.ts$/), ...files(join(ROOT, 'scripts'), /\.(ts|mjs)$/)].filter((f) => {
  const name = f.slice(f.lastIndexOf(sep) + 1);
  if (name.endsWith('.test.ts')) return false;
  const rel = relative(ROOT, f);
  return !(rel.startsWith(`scripts${sep}`) && folders.some((folder) => name.startsWith(`${folder}-`)));
});
const problems = scanned.flatMap(problemsOf);
if (problems.length > 0) {
  console.error(`register boundary: ${problems.length} problem(s) (see scripts/check-boundaries.ts)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`register boundary: ${scanned.length} files, ${codes.size} register codes, no problem`);
