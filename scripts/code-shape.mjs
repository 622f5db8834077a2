/**
 * Two cheap checks of a source folder's shape, run by the report's and the CLI's tests:
 * the functions over a line budget (declarations, methods, arrows and function expressions, each
 * counted from its first to its last line), and the cycles among its files' relative imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Every .ts file under `dir` (not .d.ts, not tests). */
export function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const name = entry.name;
    if (!entry.isFile() || !name.endsWith('.ts') || name.endsWith('.d.ts') || name.endsWith('.test.ts'))
      continue;
    files.push(join(entry.parentPath ?? entry.path, name));
  }
  return files.sort();
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

/** Functions longer than `limit` lines under `dir`: `{ file, name, line, lines }`, longest first. */
export function longFunctions(dir, limit = 100) {
  const found = [];
  for (const file of sourceFiles(dir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (isFunction(node) && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(node.end).line;
        const lines = last - first + 1;
        if (lines > limit)
          found.push({ file: relative(dir, file), name: nameOf(node), line: first + 1, lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => b.lines - a.lines);
}

/** Cycles among the files' relative imports under `dir` (type-only imports count too): each as a list of files. */
export function importCycles(dir) {
  const files = sourceFiles(dir);
  const known = new Set(files);
  const edges = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [];
    for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
      const target = resolve(dirname(file), match[1].replace(/\.js$/, '.ts'));
      const candidates = [target, `${target}.ts`, join(target, 'index.ts')];
      const hit = candidates.find((c) => known.has(c));
      if (hit) targets.push(hit);
    }
    edges.set(file, targets);
  }
  const cycles = [];
  const state = new Map(); // 1: on the stack, 2: done
  const stack = [];
  const walk = (file) => {
    state.set(file, 1);
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 1) cycles.push(stack.slice(stack.indexOf(next)).map((f) => relative(dir, f)));
      else if (!state.has(next)) walk(next);
    }
    stack.pop();
    state.set(file, 2);
  };
  for (const file of files) if (!state.has(file)) walk(file);
  return cycles;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) {
    for (const f of longFunctions(dir)) console.log(`${dir}/${f.file}:${f.line} ${f.name} ${f.lines} lines`);
    for (const c of importCycles(dir)) console.log(`${dir}: cycle ${c.join(' → ')}`);
  }
}
