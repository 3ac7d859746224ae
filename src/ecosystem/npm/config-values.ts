import type { TestUniverse } from '../types.js';
import { holdsUnknown, isObject, knownChoices, Unknown, type Literal } from './read-config-literal.js';

/**
 * A configuration object as read statically, with what could not be read collected as warnings:
 * each accessor returns the field when it is known, else undefined (the caller uses the runner's
 * default) and records why.
 */
export class ConfigValues {
  constructor(
    readonly file: string,
    private readonly value: Literal,
    /** Shared by the views of one file read. */
    readonly warnings: string[] = [],
  ) {
    if (value instanceof Unknown) this.warnings.push(`${file}: not readable statically (${value.why}); the runner's defaults are used.`);
    else if (isObject(value) && ('\0spread' in value || '\0computed' in value)) {
      this.warnings.push(`${file}: part of the configuration is computed; fields not written literally use the runner's defaults.`);
    }
  }

  /** The value as read (Unknown parts included). */
  get raw(): Literal {
    return this.value;
  }

  get readable(): boolean {
    return isObject(this.value);
  }

  /**
   * Whether the field at `path` holds a value this reading cannot know: computed or partly
   * computed, or the whole configuration (or an object on the way) unreadable. With `orSpread`,
   * also when it is absent from an object that spreads or computes keys it could come from
   * (`{ ...base, test: {...} }` may set `test.include` in `base`). A path ending in `*`
   * (`resolve.alias.*`) also counts anything unknown at any depth under the field: an alias whose
   * replacement is computed is as unknown as a computed alias table. With `anyOf`, a choice among
   * known values (`cond ? 'a' : 'b'`) is known: for a field whose every value is used, read with
   * candidates. Records nothing: the accessors warn.
   */
  unknown(path: readonly string[], orSpread = false, anyOf = false): boolean {
    let v: Literal | undefined = this.value;
    for (const key of path) {
      if (v instanceof Unknown) return true;
      if (key === '*') return holdsUnknown(v);
      if (!isObject(v)) return false;
      const next: Literal | undefined = v[key];
      if (next === undefined) return orSpread && ('\0spread' in v || '\0computed' in v);
      v = next;
    }
    const unknownItem = (item: Literal) => item instanceof Unknown && !(anyOf && knownChoices(item));
    return unknownItem(v) || (Array.isArray(v) && v.some(unknownItem));
  }

  /**
   * Of `fields` (dotted paths: `test.include`), those that may hold values this reading cannot
   * know; `spreadable` ones also when a spread they are absent beside may set them (see unknown).
   * Those also in `anyOf` are known when they hold choices among known values (see candidates).
   */
  unknownOf(fields: readonly string[], spreadable: readonly string[] = [], anyOf: ReadonlySet<string> = new Set()): string[] {
    const found = [...fields.filter((f) => this.unknown(f.split('.'), false, anyOf.has(f))), ...spreadable.filter((f) => this.unknown(f.split('.'), true, anyOf.has(f)))];
    return found.map((f) => f.replace(/\.\*$/, ''));
  }

  /** The object at `path` (`test`, `test.poolOptions`), or undefined. */
  object(...path: string[]): ConfigValues | undefined {
    const v = this.at(path);
    return isObject(v) ? new ConfigValues(this.file, v, this.warnings) : undefined;
  }

  /** A list of strings (a lone string counts as a list of one). */
  strings(...path: string[]): string[] | undefined {
    const v = this.at(path);
    if (v === undefined) return undefined;
    const list = Array.isArray(v) ? v : [v];
    if (list.every((x) => typeof x === 'string')) return list as string[];
    this.warnings.push(`${this.file}: ${path.join('.')} is computed; the runner's default is used.`);
    return undefined;
  }

  /**
   * Every string a field whose every value is used may hold (modules a runner loads for every
   * test): a string or a list of them as strings does, and of a choice the reading could not
   * decide (`runner: cover ? 'jest-light-runner' : 'jest-light-runner/child-process'`, whole or
   * as an item), every branch's: loading either one, the runner needs both looked at. Undefined,
   * with a warning, when any part is computed otherwise.
   */
  candidates(...path: string[]): string[] | undefined {
    let v: Literal | undefined = this.value;
    for (const key of path) v = isObject(v) ? v[key] : undefined;
    if (v === undefined) return undefined;
    const out: string[] = [];
    const add = (x: Literal): boolean => {
      if (typeof x === 'string') return out.push(x) > 0;
      const choices = knownChoices(x);
      return choices !== null && choices.every((c) => (Array.isArray(c) ? c.every(add) : add(c)));
    };
    if ((Array.isArray(v) ? v : [v]).every(add)) return out;
    this.warnings.push(`${this.file}: ${path.join('.')} is computed; the runner's default is used.`);
    return undefined;
  }

  string(...path: string[]): string | undefined {
    const v = this.at(path);
    if (v === undefined || typeof v === 'string') return v;
    this.warnings.push(`${this.file}: ${path.join('.')} is computed; the runner's default is used.`);
    return undefined;
  }

  boolean(...path: string[]): boolean | undefined {
    const v = this.at(path);
    return typeof v === 'boolean' ? v : undefined;
  }

  /** A list whose items may be strings or objects (jest/vitest `projects`). */
  items(...path: string[]): (string | ConfigValues)[] | undefined {
    const v = this.at(path);
    if (v === undefined) return undefined;
    if (!Array.isArray(v)) {
      this.warnings.push(`${this.file}: ${path.join('.')} is computed; its projects are not known.`);
      return undefined;
    }
    const out: (string | ConfigValues)[] = [];
    for (const item of v) {
      if (typeof item === 'string') out.push(item);
      else if (isObject(item)) out.push(new ConfigValues(this.file, item, this.warnings));
      else this.warnings.push(`${this.file}: an item of ${path.join('.')} is computed and not known.`);
    }
    return out;
  }

  /**
   * Module names of a list whose items are a name or a `[name, options]` pair (jest and vitest
   * `reporters`); a lone name is a list of one. What is not a name is left out, with a warning.
   */
  modules(...path: string[]): string[] {
    const v = this.at(path);
    if (v === undefined) return [];
    const out: string[] = [];
    for (const item of Array.isArray(v) ? v : [v]) {
      const name = Array.isArray(item) ? item[0] : item;
      if (typeof name === 'string') out.push(name);
      else this.warnings.push(`${this.file}: an item of ${path.join('.')} is computed and not known.`);
    }
    return out;
  }

  /**
   * String-to-string entries of an object or of a `[{find, replacement}]` list (aliases, mappers).
   * A key mapped to a list (jest's `moduleNameMapper` fallbacks) gives one entry per replacement,
   * in order.
   */
  entries(...path: string[]): { pattern: string; replacement: string }[] {
    const v = this.at(path);
    const out: { pattern: string; replacement: string }[] = [];
    if (isObject(v)) {
      for (const [k, r] of Object.entries(v)) {
        if (k.startsWith('\0')) continue;
        for (const replacement of Array.isArray(r) ? r : [r]) if (typeof replacement === 'string') out.push({ pattern: k, replacement });
      }
    } else if (Array.isArray(v)) {
      for (const item of v) {
        if (isObject(item) && typeof item['find'] === 'string' && typeof item['replacement'] === 'string') out.push({ pattern: item['find'], replacement: item['replacement'] });
      }
    }
    return out;
  }

  /**
   * Every string at `path` and below it, object keys included, with the key of the property
   * nearest above it (`dirs` for `{ dirs: ['./src/x'] }`, `imports` for the key of `{ imports:
   * [{ './src/api': [...] }] }`), those handed to calls the reading could not follow included (a
   * plugin factory's options: Unknown.handed) and either branch of a choice, in the order written. Records nothing: what is
   * computed there is simply not among them.
   */
  stringsWithin(...path: string[]): { key: string | undefined; value: string }[] {
    let v: Literal | undefined = this.value;
    for (const key of path) v = isObject(v) ? v[key] : undefined;
    const out: { key: string | undefined; value: string }[] = [];
    const walk = (x: Literal | undefined, key: string | undefined): void => {
      if (typeof x === 'string') out.push({ key, value: x });
      else if (x instanceof Unknown) for (const item of [...x.handed, ...x.choices]) walk(item, key);
      else if (Array.isArray(x)) for (const item of x) walk(item, key);
      else if (isObject(x)) {
        for (const [k, item] of Object.entries(x)) {
          if (k.startsWith('\0')) continue;
          out.push({ key, value: k });
          walk(item, k);
        }
      }
    };
    walk(v, undefined);
    return out;
  }

  private at(path: readonly string[]): Literal | undefined {
    let v: Literal | undefined = this.value;
    for (const key of path) {
      if (!isObject(v)) return undefined;
      v = v[key];
    }
    if (v instanceof Unknown) {
      this.warnings.push(`${this.file}: ${path.join('.')} is not readable statically (${v.why}); the runner's default is used.`);
      return undefined;
    }
    return v;
  }
}

/**
 * A universe's `unknownTests`: the fields of `config` that say which files are tests, or which
 * modules load before them, and that this reading cannot know (ConfigValues.unknownOf), after
 * `also` (fields known to be unknown otherwise); nothing when every one is known. `anyOf`: fields
 * read with ConfigValues.candidates, known when they hold choices among known values.
 */
export function unknownTests(
  config: ConfigValues | null | undefined,
  fields: readonly string[],
  spreadable: readonly string[] = [],
  also: readonly string[] = [],
  anyOf: ReadonlySet<string> = new Set(),
): Pick<TestUniverse, 'unknownTests'> {
  const found = [...new Set([...also, ...(config?.unknownOf(fields, spreadable, anyOf) ?? [])])];
  return found.length > 0 ? { unknownTests: found } : {};
}

/**
 * A universe's `unknownImports`: of `fields` saying where imports lead (`resolve.alias.*`), those
 * this reading cannot know, written or absent beside a spread that may set them.
 */
export function unknownImports(config: ConfigValues | null | undefined, fields: readonly string[]): Pick<TestUniverse, 'unknownImports'> {
  const found = config?.unknownOf([], fields) ?? [];
  return found.length > 0 ? { unknownImports: found } : {};
}
