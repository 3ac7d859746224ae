import type { ProjectFiles } from '../types.js';

/** Files where a project writes the commands its tests run with. */
const COMMAND_FILES = /(^|\/)(tox\.ini|setup\.cfg|pyproject\.toml|noxfile\.py|Makefile|GNUmakefile|[^/]*\.mk|[Jj]ustfile|runtests\.py)$|^(\.github\/workflows\/[^/]+\.ya?ml|\.gitlab-ci\.ya?ml)$/;
/** `python -m unittest …` (discovery, the default without test names) and `unittest discover`. */
const UNITTEST_RUN = /(?:-m\s+|['"]-m['"]\s*,\s*['"])unittest\b([^\n]*)|\bunittest\.main\s*\(\s*module\s*=\s*None/g;
/** unittest's own default test module pattern (`-p`). */
const DEFAULT_PATTERN = 'test*.py';

/** Pure: whether a path is one where a project may write its test command (ProjectFiles.read reads it). */
export function isCommandFile(path: string): boolean {
  return COMMAND_FILES.test(path);
}

/**
 * Pure: the file name patterns unittest's discovery imports as test modules, where the project
 * runs unittest (`python -m unittest`, `python -m unittest discover -p "*_tests.py"` in tox.ini, a
 * Makefile, a noxfile or a CI workflow): its `-p`/`--pattern`, else `test*.py`, which takes
 * `testops.py` as pytest's `test_*.py` does not. `[]` where no command runs unittest.
 */
export function unittestPatterns(files: ProjectFiles): string[] {
  const out = new Set<string>();
  for (const path of files.paths.filter(isCommandFile)) {
    const text = files.read(path);
    if (text === null) continue;
    for (const m of text.matchAll(UNITTEST_RUN)) {
      const pattern = /(?:^|\s|['"],\s*['"])(?:-p|--pattern)(?:\s+|=|['"]\s*,\s*['"])['"]?([^\s'"]+)/.exec(m[1] ?? '');
      out.add(pattern?.[1] ?? DEFAULT_PATTERN);
    }
  }
  return [...out].sort();
}
