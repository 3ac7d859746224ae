import { describe, expect, it } from 'vitest';
import { pythonHandedPaths } from '../../src/lang/python/handed-paths.js';

const of = (path: string, ...lines: string[]) => pythonHandedPaths(path, `${lines.join('\n')}\n`);

describe('pythonHandedPaths: what a test runs of the repository in another process', () => {
  it('a module run with -m or runpy, as its folder or file (also under src/)', () => {
    expect(of('tests/test_cli.py', 'import subprocess, sys', 'subprocess.run([sys.executable, "-m", "mytool.cli", "--help"])')).toEqual(['mytool/cli', 'src/mytool/cli']);
    expect(of('tests/test_cli.py', 'import subprocess', 'subprocess.check_output("python -m mytool run", shell=True)')).toEqual(['mytool', 'src/mytool']);
    expect(of('tests/test_run.py', 'import runpy', 'runpy.run_module("tool", run_name="__main__")')).toEqual(['src/tool', 'tool']);
  });

  it('a script by a path built from the test file', () => {
    expect(of('tests/test_script.py', 'import os, subprocess, sys', 'SCRIPT = os.path.join(os.path.dirname(__file__), "..", "scripts", "tool.py")', 'subprocess.run([sys.executable, SCRIPT])')).toEqual(['scripts/tool.py']);
    expect(of('tests/test_script.py', 'import subprocess, sys', 'from pathlib import Path', 'subprocess.run([sys.executable, Path(__file__).parent.parent / "bin" / "run.py"])')).toEqual(['bin/run.py']);
  });

  it('nothing for a test that starts no process', () => {
    expect(of('tests/test_a.py', 'import os', 'DATA = os.path.join(os.path.dirname(__file__), "data")', 'def test_a():', '    assert os.listdir(DATA)')).toEqual([]);
  });
});
