import { describe, expect, it } from 'vitest';
import { resolveTree, type ResolvedTree } from '../helpers/resolve-tree.js';

/**
 * Schemas in the shape of zod's: a builder whose overloads declare different return types (issue
 * 21, item 5). TypeScript calls the first overload that accepts the arguments; ratlas follows the
 * one the call's arity (and written type arguments) select, else binds a member only where every
 * overload's return type has the same one.
 */
const schemas = [
  'export interface Params { message?: string }',
  'export interface ZodType { parse(data: unknown): unknown; optional(): ZodType }',
  'export interface ZodString extends ZodType { min(n: number): this; email(): this }',
  'export interface ZodNumber extends ZodType { int(): this; min(n: number): this }',
  'export interface Meta { describe(): string }',
  'export interface ZodBoolean extends ZodType {',
  '  meta(): Meta | undefined;',
  '  meta(data: Meta): this;',
  '}',
  // Overloads with the same parameter list: the second is chosen only with type arguments.
  'export function string(params?: string | Params): ZodString;',
  'export function string<T extends string>(params?: string | Params): ZodType;',
  'export function string(params?: string | Params): ZodString { return null!; }',
  // Arity decides.
  'export function pick(): ZodString;',
  'export function pick(key: string, ...more: string[]): ZodNumber;',
  'export function pick(key?: string, ...more: string[]): ZodType { return null!; }',
  // Same arity, different parameter types: the returns' common members.
  'export function coerce(kind: "string"): ZodString;',
  'export function coerce(kind: "number"): ZodNumber;',
  'export function coerce(kind: string): ZodType { return null!; }',
].join('\n');

/** Edges made at `line` of src/use.ts, as `to (rule)`, with those below 0.5 marked. */
function edgesAt(tree: ResolvedTree, line: number): string[] {
  return tree.edges
    .filter((e) => e.from.startsWith('src/use.ts#') && e.line === line && e.kind === 'calls')
    .map((e) => `${e.to.replace(/^src\/schemas\.ts#/, '')} (${e.rule}${e.confidence < 0.5 ? ', below 0.5' : ''})`)
    .sort();
}

async function use(lines: string[]): Promise<ResolvedTree> {
  return resolveTree({ 'src/schemas.ts': schemas, 'src/use.ts': ["import * as z from './schemas';", 'export function run(x: unknown, b: z.ZodBoolean, args: string[]) {', ...lines, '}'].join('\n') });
}

describe('overload-aware return types', () => {
  it('follows the first of overloads with the same parameters when no type arguments are written', async () => {
    const tree = await use(['  z.string().min(1).parse(x);', "  z.string({ message: 'm' }).email();"]);
    expect(edgesAt(tree, 3)).toEqual(['ZodString.min (inferred)', 'ZodType.parse (inferred)', 'string (import)']);
    expect(edgesAt(tree, 4)).toEqual(['ZodString.email (inferred)', 'string (import)']);
  });

  it('takes written type arguments to leave out the overloads without type parameters', async () => {
    const tree = await use(["  z.string<'a'>().parse(x);", "  z.string<'a'>().email();"]);
    expect(edgesAt(tree, 3)).toEqual(['ZodType.parse (inferred)', 'string (import)']);
    // ZodType has no email: not ZodString's, not above 0.5.
    expect(edgesAt(tree, 4).filter((e) => !e.includes('below 0.5'))).toEqual(['string (import)']);
  });

  it('selects the overload by the number of arguments', async () => {
    const tree = await use(['  z.pick().email();', "  z.pick('a').int();", "  z.pick('a', 'b', 'c').int();", '  b.meta({ describe: () => "" }).meta();', '  b.meta().describe();']);
    expect(edgesAt(tree, 3)).toEqual(['ZodString.email (inferred)', 'pick (import)']);
    expect(edgesAt(tree, 4)).toEqual(['ZodNumber.int (inferred)', 'pick (import)']);
    expect(edgesAt(tree, 5)).toEqual(['ZodNumber.int (inferred)', 'pick (import)']);
    // meta(data) returns this (its interface's overloads have no implementation: both are callable);
    // meta() returns Meta | undefined, read as Meta.
    expect(edgesAt(tree, 6)).toEqual(['ZodBoolean.meta (inferred)', 'ZodBoolean.meta (type)']);
    expect(edgesAt(tree, 7)).toEqual(['Meta.describe (inferred)', 'ZodBoolean.meta (type)']);
  });

  it('binds a member every overload return has, and no member only some of them have', async () => {
    const tree = await use(["  z.coerce('string').parse(x);", "  z.coerce('number').int();", "  z.coerce('string').min(1);", '  z.pick(...args).optional();', '  z.pick(...args).email();']);
    // parse is ZodType's for both ZodString and ZodNumber.
    expect(edgesAt(tree, 3)).toEqual(['ZodType.parse (inferred)', 'coerce (import)']);
    // int is ZodNumber's only; min is declared by both, as two members: neither binds at 0.5.
    expect(edgesAt(tree, 4).filter((e) => !e.includes('below 0.5'))).toEqual(['coerce (import)']);
    expect(edgesAt(tree, 5).filter((e) => !e.includes('below 0.5'))).toEqual(['coerce (import)']);
    // A spread hides the arity: both overloads of pick, whose returns share optional but not email.
    expect(edgesAt(tree, 6)).toEqual(['ZodType.optional (inferred)', 'pick (import)']);
    expect(edgesAt(tree, 7).filter((e) => !e.includes('below 0.5'))).toEqual(['pick (import)']);
  });
});
