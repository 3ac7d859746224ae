import { describe, expect, it } from 'vitest';
import { pythonRunFolders } from '../../src/lang/python/run-folders.js';

const run = (path: string, ...lines: string[]) => pythonRunFolders(path, `${lines.join('\n')}\n`);

describe('pythonRunFolders: folders a file runs code from by a computed name', () => {
  it('a module loaded from a file location, or a script run by path', () => {
    expect(run('lib/runner.py', 'import importlib.util', 'from pathlib import Path', 'def load(name):', '    path = Path(__file__).parent / "hooks" / f"{name}.py"', '    spec = importlib.util.spec_from_file_location(f"hooks.{name}", path)', '    mod = importlib.util.module_from_spec(spec)', '    spec.loader.exec_module(mod)')).toEqual(['lib/hooks']);
    expect(run('lib/load.py', 'ROOT = Path(__file__).resolve().parent.parent', 'def run(name):', '    loader = importlib.machinery.SourceFileLoader(name, str(ROOT / "plugins" / f"{name}.py"))')).toEqual(['plugins']);
    expect(run('lib/tasks.py', 'import runpy', 'ROOT = Path(__file__).resolve().parent.parent', 'def run(name):', '    return runpy.run_path(str(ROOT / "scripts" / f"{name}.py"))')).toEqual(['scripts']);
    expect(run('lib/gen.py', 'import subprocess, sys', 'ROOT = Path(__file__).resolve().parent.parent', 'def gen(name):', '    subprocess.run([sys.executable, str(ROOT / "scripts" / f"{name}.py")], check=True)')).toEqual(['scripts']);
    expect(run('lib/tasks.py', 'import os, runpy', 'HERE = os.path.dirname(__file__)', 'def run(name):', '    return runpy.run_path(os.path.join(HERE, "jobs", name + ".py"))')).toEqual(['lib/jobs']);
  });

  it('the text of such a file evaluated: exec of read_text(), of open().read(), of f.read() after with open() as f', () => {
    expect(run('lib/settings.py', 'ROOT = Path(__file__).resolve().parent.parent', 'def load(env):', '    ns = {}', '    exec((ROOT / "conf" / f"{env}.py").read_text(), ns)')).toEqual(['conf']);
    expect(run('lib/settings.py', 'ROOT = Path(__file__).resolve().parent.parent', 'def load(name):', '    with open(ROOT / "conf" / (name + ".py")) as f:', '        exec(f.read(), ns)')).toEqual(['conf']);
    expect(run('lib/settings.py', 'CONF = Path(__file__).parent / "conf"', 'def load(name):', '    exec(compile(open(f"{CONF}/{name}.py").read(), name, "exec"))')).toEqual(['lib/conf']);
  });

  it('nothing for a path all literal, one read and not run, or one not built from the file', () => {
    expect(run('lib/tasks.py', 'import runpy', 'runpy.run_path(str(Path(__file__).parent / "scripts" / "gen.py"))')).toEqual([]);
    expect(run('lib/data.py', 'ROOT = Path(__file__).parent', 'def load(name):', '    return json.loads((ROOT / "data" / f"{name}.json").read_text())')).toEqual([]);
    expect(run('lib/gen.py', 'import subprocess', 'ROOT = Path(__file__).parent', 'def gen(name):', '    subprocess.run(["git", "show", str(ROOT / "scripts" / f"{name}.py")])')).toEqual([]);
    expect(run('lib/tasks.py', 'def run(base, name):', '    return runpy.run_path(str(base / "scripts" / f"{name}.py"))')).toEqual([]);
  });
});

describe('pythonRunFolders: a module run by a computed name under a literal package', () => {
  it('runpy.run_module and a subprocess with -m: the package under any folder, and the __init__.py files above it', () => {
    expect(run('lib/tasks.py', 'import runpy', 'def run(name):', '    return runpy.run_module(f"lib.jobs.{name}")["RESULT"]')).toEqual(['**/lib/__init__.py', '**/lib/jobs']);
    expect(run('lib/run.py', 'import subprocess, sys', 'def run(name):', '    return subprocess.run([sys.executable, "-m", f"lib.jobs.{name}"], capture_output=True)')).toEqual(['**/lib/__init__.py', '**/lib/jobs']);
  });

  it('nothing for a literal module name, or a computed one without a whole package', () => {
    expect(run('lib/tasks.py', 'import runpy', 'runpy.run_module("lib.jobs.nightly")')).toEqual([]);
    expect(run('lib/tasks.py', 'import runpy', 'def run(name):', '    return runpy.run_module(f"job_{name}")')).toEqual([]);
  });
});
