import type { CiStep } from '../../model/init-plan.js';
import type { ProjectFiles, RunnerGuess, TestUniverse } from '../types.js';

const TEST_FILE = /(^|\/)(test_[^/]*|[^/]*_test)\.py$/;

/**
 * Pure: pytest, when a configuration names it or files follow its default test names. (unittest
 * suites run under pytest too, which is how ratlas's `--runner pytest` runs them.)
 */
export function detectPytest(files: ProjectFiles, universes: readonly TestUniverse[]): RunnerGuess | null {
  const configured = universes.find((u) => u.runner === 'pytest' && u.configFile !== null);
  if (configured) return { runner: 'pytest', evidence: [`${configured.configFile} configures pytest`] };
  if (files.paths.some((p) => TEST_FILE.test(p))) return { runner: 'pytest', evidence: ['test_*.py files (pytest\'s default names)'] };
  return null;
}

/**
 * Pure: Python, then the project's dependencies the way its lockfile or manifest says, with pytest.
 * A Poetry or uv environment is put on the PATH so that `python -m pytest` runs inside it.
 */
export function pythonCiSetup(files: ProjectFiles): CiStep[] {
  const has = (name: string) => files.paths.includes(name);
  const steps: CiStep[] = [{ uses: 'actions/setup-python@v5', with: { 'python-version': '3.12' } }];
  if (has('poetry.lock')) steps.push({ run: 'pip install poetry && poetry install && echo "$(poetry env info --path)/bin" >> "$GITHUB_PATH"' });
  else if (has('uv.lock')) steps.push({ run: 'pip install uv && uv sync && echo "$PWD/.venv/bin" >> "$GITHUB_PATH"' });
  else {
    const requirements = files.paths.filter((p) => /^requirements[\w.-]*\.txt$/.test(p)).sort();
    if (requirements.length > 0) steps.push({ run: `pip install ${requirements.map((r) => `-r ${r}`).join(' ')}` });
    else if (has('pyproject.toml') || has('setup.py') || has('setup.cfg')) steps.push({ run: 'pip install -e .' });
  }
  steps.push({ run: 'pip install pytest' });
  return steps;
}
