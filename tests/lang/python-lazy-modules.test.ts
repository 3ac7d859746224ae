import { describe, expect, it } from 'vitest';
import { maskLazyModules } from '../../src/lang/python/lazy-modules.js';

const text = (...lines: string[]) => `${lines.join('\n')}\n`;

describe('maskLazyModules: the names PEP 810 marks lazy load nothing by themselves', () => {
  it('blanks the strings of a __lazy_modules__ assignment, in any container and over lines', () => {
    // humanize/__init__.py
    const init = text('__lazy_modules__ = {', '    "humanize.filesize",', '    "humanize.time",', '}', '', 'from humanize.time import naturaldelta');
    expect(maskLazyModules(init)).not.toContain('"humanize.time"');
    expect(maskLazyModules(init)).toContain('from humanize.time import naturaldelta');
    expect(maskLazyModules(text('__lazy_modules__ = ["pkg.a"]  # "pkg.b"'))).toBe(text('__lazy_modules__ = ["     "]  # "pkg.b"'));
    expect(maskLazyModules(text('__lazy_modules__: frozenset[str] = frozenset({"pkg.a"})'))).not.toContain('pkg.a');
    expect(maskLazyModules(text('__lazy_modules__ |= {"pkg.a"}'))).not.toContain('pkg.a');
  });

  it('keeps the same name spelled anywhere else, and text without the assignment', () => {
    const loads = text('__lazy_modules__ = {"lib.backends.fast"}', 'DEFAULT = "lib.backends.fast"', 'importlib.import_module(DEFAULT)');
    expect(maskLazyModules(loads)).toContain('DEFAULT = "lib.backends.fast"');
    expect(maskLazyModules(text('print(__lazy_modules__)', 'x = {"pkg.a"}'))).toContain('"pkg.a"');
    expect(maskLazyModules(text('NAMES = {"pkg.a"}'))).toBe(text('NAMES = {"pkg.a"}'));
  });
});
