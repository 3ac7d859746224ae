import { parentDir } from '../../util/posix-path.js';

/**
 * Pure: the tests of `tests` that read `path` as a snapshot by their tool's convention, none
 * naming it: jest's and vitest's `__snapshots__/a.test.ts.snap`, Playwright's
 * `a.spec.ts-snapshots/…` (screenshots), jest-image-snapshot's `__image_snapshots__/…-snap.png`.
 * Images are inert by default (`changes.inert`): without this, a changed baseline selected nothing.
 */
export function npmSnapshotOwners(path: string, tests: readonly string[]): string[] {
  const text = /^(.*?)__snapshots__\/([^/]+)\.snap$/.exec(path);
  if (text) return [`${text[1]}${text[2]}`];
  const screenshot = /^(.*?)([^/]+)-snapshots\/.+$/.exec(path);
  if (screenshot) return [`${screenshot[1]}${screenshot[2]}`];
  const image = /^(.*?)__image_snapshots__\/(?:.+\/)?([^/]+)$/.exec(path);
  if (image) {
    // The image is named `kebabCase(<test file name>-<test name>-<n>)-snap.png`: the tests of the
    // folder above whose words start it; none (a custom identifier): every test of that folder.
    const dir = image[1]!.replace(/\/$/, '');
    const beside = tests.filter((t) => parentDir(t) === dir);
    const named = beside.filter((t) => image[2]!.startsWith(`${words(t.slice(t.lastIndexOf('/') + 1))}-`));
    return named.length > 0 ? named : beside;
  }
  return [];
}

/** A file name as lowercase words joined by `-`, camelCase split (`MyButton.test.tsx` → `my-button-test-tsx`). */
function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join('-')
    .toLowerCase();
}
