import { MODULE_SUFFIXES } from './aliases.js';

/** `dir/__mocks__/name.js`: a manual mock of `dir/name`, or of the package `name` (`@scope/pkg`, `lodash/fp`). */
const MOCK = /^(?:(.*)\/)?__mocks__\/(.+)\.[cm]?[jt]sx?$/;

/**
 * Pure: what a manual mock stands in for, as jest resolves it: a `__mocks__` folder beside a
 * module mocks that module (when a test calls `jest.mock`/`vi.mock` on it), and one whose name is
 * no file beside it mocks a package (jest uses a root one for every test, without a call).
 */
export function npmMockTarget(path: string, exists: (path: string) => boolean): { file: string } | { module: string } | null {
  const m = MOCK.exec(path);
  if (!m || path.includes('node_modules/')) return null;
  const [, dir, name] = m;
  const beside = dir === undefined ? name! : `${dir}/${name}`;
  for (const suffix of MODULE_SUFFIXES) if (exists(beside + suffix) && beside + suffix !== path) return { file: beside + suffix };
  return { module: name! };
}
