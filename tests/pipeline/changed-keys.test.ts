import { describe, expect, it } from 'vitest';
import { changedKeys } from '../../src/pipeline/impact/policies/changed-keys.js';

describe('changedKeys: what a manifest change sets', () => {
  it('the keys of the lines that differ, in JSON (several on a line) and TOML', () => {
    expect(changedKeys('{\n  "name": "a",\n  "version": "1.0.0"\n}\n', '{\n  "name": "a",\n  "version": "1.1.0"\n}\n')).toEqual(['version']);
    expect(changedKeys('{ "name": "a", "version": "1" }\n', '{ "name": "a", "version": "2" }\n')).toEqual(['name', 'version']);
    expect(changedKeys('[project]\nname = "a"\nversion = "1.0.0"\n', '[project]\nname = "a"\nversion = "1.1.0"\n')).toEqual(['version']);
  });

  it('unknown (null) where a changed line sets no key, or the file is new or gone', () => {
    expect(changedKeys('dependencies = [\n  "requests>=2",\n]\n', 'dependencies = [\n  "requests>=3",\n]\n')).toBeNull();
    expect(changedKeys(null, '{}\n')).toBeNull();
    // Only brackets and commas moved: nothing is known to be set.
    expect(changedKeys('{\n  "a": 1\n}\n', '{\n  "a": 1\n}\n\n')).toBeNull();
  });
});
