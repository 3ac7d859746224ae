import { describe, expect, it } from 'vitest';
import { diffSymbols, type FileVersions } from '../../src/diff/diff-symbols.js';
import { extract } from '../../src/lang/extract.js';
import { languageForPath } from '../../src/lang/registry.js';
import type { FileChangeStatus } from '../../src/model/change.js';
import { loadLanguage } from '../../src/parse/load-language.js';

/** One side of a changeset: path -> source. */
type Side = Record<string, string>;

interface Case {
  name: string;
  base: Side;
  head: Side;
  /** Git's rename detection: new path -> old path. */
  renames?: Record<string, string>;
  /** `file#qualname change [previousFile#previousQualname]`, in report order. */
  expected: string[];
}

async function symbolsOf(path: string, source: string) {
  const lang = await loadLanguage(languageForPath(path)!);
  return extract(lang, path, source).symbols;
}

async function run(c: Case): Promise<string[]> {
  const renames = c.renames ?? {};
  const renamedAway = new Set(Object.values(renames));
  const paths = [...new Set([...Object.keys(c.base), ...Object.keys(c.head)])].filter((p) => !renamedAway.has(p) || p in c.head).sort();
  const files: FileVersions[] = [];
  for (const file of paths) {
    const previousFile = renames[file];
    const baseSource = c.base[previousFile ?? file];
    const headSource = c.head[file];
    const status: FileChangeStatus = previousFile ? 'renamed' : baseSource === undefined ? 'added' : headSource === undefined ? 'deleted' : 'modified';
    files.push({
      file,
      status,
      ...(previousFile ? { previousFile } : {}),
      language: languageForPath(file)!.id,
      base: baseSource === undefined ? null : await symbolsOf(previousFile ?? file, baseSource),
      head: headSource === undefined ? null : await symbolsOf(file, headSource),
    });
  }
  return diffSymbols(files).flatMap((f) =>
    f.symbols.map((s) => `${f.file}#${s.qualname} ${s.change}${s.previous ? ` ${s.previous.file}#${s.previous.qualname}` : ''}`),
  );
}

const CASES: Case[] = [
  {
    name: 'a body edit is a body change of that function only',
    base: { 'a.ts': 'export function total(x: number) {\n  return x + 1;\n}\nexport function other() { return 2; }\n' },
    head: { 'a.ts': 'export function total(x: number) {\n  return x + 2;\n}\nexport function other() { return 2; }\n' },
    expected: ['a.ts#total body'],
  },
  {
    name: 'a new parameter is a signature change',
    base: { 'a.ts': 'export function total(x: number) { return x; }\n' },
    head: { 'a.ts': 'export function total(x: number, y = 1) { return x; }\n' },
    expected: ['a.ts#total signature'],
  },
  {
    name: 'a changed return type is a signature change',
    base: { 'a.ts': 'export function total(x: number): number { return x; }\n' },
    head: { 'a.ts': 'export function total(x: number): string { return x; }\n' },
    expected: ['a.ts#total signature'],
  },
  {
    name: 'a doc comment edit is a doc change',
    base: { 'a.ts': '/** Adds one. */\nexport function total(x: number) { return x + 1; }\n' },
    head: { 'a.ts': '/** Adds one to x. */\nexport function total(x: number) { return x + 1; }\n' },
    expected: ['a.ts#total doc'],
  },
  {
    name: 'reformatting (whitespace, quotes, semicolons, trailing commas) is no change',
    base: { 'a.ts': "export function total(x: number) { return [x, 'a']; }\n" },
    head: { 'a.ts': '\n\nexport function total(\n  x: number,\n) {\n  return [\n    x,\n    "a",\n  ]\n}\n' },
    expected: [],
  },
  {
    name: 'an edited line comment inside a body is no change',
    base: { 'a.ts': 'export function total(x: number) {\n  // add one\n  return x + 1;\n}\n' },
    head: { 'a.ts': 'export function total(x: number) {\n  // add one, always\n  return x + 1;\n}\n' },
    expected: [],
  },
  {
    name: 'added and removed functions',
    base: { 'a.ts': 'export function gone() { return 1; }\n' },
    head: { 'a.ts': 'export function fresh() { return 2; }\n' },
    expected: ['a.ts#fresh added', 'a.ts#gone removed'],
  },
  {
    name: 'a rename with the same body is a rename',
    base: { 'a.ts': 'export function price(x: number) { return x * 100; }\n' },
    head: { 'a.ts': 'export function cost(x: number) { return x * 100; }\n' },
    expected: ['a.ts#cost renamed a.ts#price'],
  },
  {
    name: 'a renamed class takes its methods along',
    base: { 'a.ts': 'export class Store {\n  size = 0;\n  save(x: number) { return x; }\n}\n' },
    head: { 'a.ts': 'export class Repository {\n  size = 0;\n  save(x: number) { return x; }\n}\n' },
    expected: ['a.ts#Repository renamed a.ts#Store', 'a.ts#Repository.save renamed a.ts#Store.save'],
  },
  {
    name: 'a method edited inside a renamed class is a body change with its previous name',
    base: { 'a.ts': 'export class Store {\n  size = 0;\n  save(x: number) { return x; }\n}\n' },
    head: { 'a.ts': 'export class Repository {\n  size = 0;\n  save(x: number) { return x + 1; }\n}\n' },
    expected: ['a.ts#Repository renamed a.ts#Store', 'a.ts#Repository.save body a.ts#Store.save'],
  },
  {
    name: 'two renames with identical bodies are ambiguous: removed + added, never guessed',
    base: { 'a.ts': 'export function one(x: number) { return x * 2; }\nexport function two(x: number) { return x * 2; }\n' },
    head: { 'a.ts': 'export function uno(x: number) { return x * 2; }\nexport function dos(x: number) { return x * 2; }\n' },
    expected: ['a.ts#one removed', 'a.ts#uno added', 'a.ts#dos added', 'a.ts#two removed'],
  },
  {
    name: 'a declaration without a body (a type alias) is no evidence of a rename',
    base: { 'a.ts': 'export type Before = string;\n' },
    head: { 'a.ts': 'export type After = string;\n' },
    expected: ['a.ts#After added', 'a.ts#Before removed'],
  },
  {
    name: 'a function moved to another file in the changeset is a move',
    base: { 'a.ts': 'export function keep() { return 0; }\nexport function tax(x: number) { return x * 0.2; }\n', 'b.ts': 'export const B = 1;\n' },
    head: { 'a.ts': 'export function keep() { return 0; }\n', 'b.ts': 'export const B = 1;\nexport function tax(x: number) { return x * 0.2; }\n' },
    expected: ['b.ts#tax moved a.ts#tax'],
  },
  {
    name: 'a move into a new file',
    base: { 'a.ts': 'export function tax(x: number) { return x * 0.2; }\nexport function keep() { return 0; }\n' },
    head: { 'a.ts': 'export function keep() { return 0; }\n', 'tax.ts': 'export function tax(x: number) { return x * 0.2; }\n' },
    expected: ['tax.ts#<module> added', 'tax.ts#tax moved a.ts#tax'],
  },
  {
    name: 'a move that could go to two files is ambiguous',
    base: { 'a.ts': 'export function tax(x: number) { return x * 0.2; }\n' },
    head: {
      'a.ts': '',
      'b.ts': 'export function tax(x: number) { return x * 0.2; }\n',
      'c.ts': 'export function tax(x: number) { return x * 0.2; }\n',
    },
    expected: ['a.ts#tax removed', 'b.ts#<module> added', 'b.ts#tax added', 'c.ts#<module> added', 'c.ts#tax added'],
  },
  {
    name: 'a file renamed by git: unchanged symbols moved, edited ones changed with their previous file',
    base: { 'old.ts': 'export function a() { return 1; }\nexport function b() { return 2; }\n' },
    head: { 'new.ts': 'export function a() { return 1; }\nexport function b() { return 3; }\n' },
    renames: { 'new.ts': 'old.ts' },
    expected: ['new.ts#<module> moved old.ts#<module>', 'new.ts#a moved old.ts#a', 'new.ts#b body old.ts#b'],
  },
  {
    name: 'a deleted file removes every symbol',
    base: { 'a.ts': 'export class Store { save() { return 1; } }\n' },
    head: {},
    expected: ['a.ts#<module> removed', 'a.ts#Store removed', 'a.ts#Store.save removed'],
  },
  {
    name: 'a changed top-level statement is a body change of <module>',
    base: { 'a.ts': "import { x } from './x';\nexport const LIMIT = 10;\nexport function f() { return LIMIT; }\n" },
    head: { 'a.ts': "import { x } from './x';\nexport const LIMIT = 20;\nexport function f() { return LIMIT; }\n" },
    expected: ['a.ts#<module> body'],
  },
  {
    name: 'a new binding import is no change of <module>; a side-effect import is',
    base: { 'a.ts': "import { x } from './x';\nexport function f() { return 1; }\n", 'b.ts': 'export function g() { return 1; }\n' },
    head: {
      'a.ts': "import { x } from './x';\nimport { y } from './y';\nexport function f() { return 1; }\n",
      'b.ts': "import './polyfill';\nexport function g() { return 1; }\n",
    },
    expected: ['b.ts#<module> body'],
  },
  {
    name: 'a method body edit changes the method, not its class',
    base: { 'a.ts': 'export class Store {\n  save(x: number) { return x; }\n  load() { return 1; }\n}\n' },
    head: { 'a.ts': 'export class Store {\n  save(x: number) { return x + 1; }\n  load() { return 1; }\n}\n' },
    expected: ['a.ts#Store.save body'],
  },
  {
    name: 'a method renamed within its class',
    base: { 'a.ts': 'export class Store {\n  save(x: number) { return [x, 1]; }\n}\n' },
    head: { 'a.ts': 'export class Store {\n  persist(x: number) { return [x, 1]; }\n}\n' },
    expected: ['a.ts#Store.persist renamed a.ts#Store.save'],
  },
];

describe('diffSymbols', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      expect(await run(c)).toEqual(c.expected);
    });
  }
});
