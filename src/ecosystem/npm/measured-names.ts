import { isObject, type Literal } from './config-literal.js';
import { readConfigFile } from './read-config-file.js';

/**
 * Keys of a runner configuration whose strings pick files to measure, never to load: vitest's
 * `coverage` (`include`, `exclude`, `thresholds` by path), jest's coverage options.
 */
const MEASURING_KEYS = new Set(['coverage', 'collectCoverageFrom', 'coveragePathIgnorePatterns', 'coverageThreshold']);

/**
 * Pure once the reader is prepared: whether the runner configuration `text` spells `name` (a file
 * name) only under keys that measure coverage (`coverage: { exclude: ['src/index.ts'] }`), so it
 * runs no file by that name. Every spelling in the text must be one the reading finds there: one
 * anywhere else (an import, a setup file, a comment, a value the reading could not know) says no.
 */
export function namesOnlyToMeasure(path: string, text: string, name: string): boolean {
  let measured = 0;
  let elsewhere = 0;
  const walk = (value: Literal, measuring: boolean): void => {
    if (typeof value === 'string') {
      if (measuring) measured += occurrences(value, name);
      else elsewhere += occurrences(value, name);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, measuring);
    } else if (isObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        const under = measuring || MEASURING_KEYS.has(key);
        if (under) measured += occurrences(key, name);
        else elsewhere += occurrences(key, name);
        walk(item, under);
      }
    }
  };
  walk(readConfigFile(path, text), false);
  return measured > 0 && elsewhere === 0 && occurrences(text, name) === measured;
}

function occurrences(text: string, name: string): number {
  let count = 0;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) count++;
  return count;
}
