import { stripComments } from '../../lang/python/path-expressions.js';
import type { ProjectFiles } from '../types.js';
import { moduleIn } from './module-in.js';

/**
 * Files whose text says how Django starts for the tests: settings modules by their usual names
 * (`settings.py`, `settings_*.py`, `*_settings.py`, a `settings/` package), `manage.py` and
 * `conftest.py` (which name the settings module, or configure Django themselves).
 */
export function isDjangoSetupCandidate(path: string): boolean {
  if (!path.endsWith('.py')) return false;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === 'manage.py' || name === 'conftest.py' || /^settings.*\.py$|_settings\.py$/.test(name) || path.includes('/settings/') || path.startsWith('settings/');
}

/** Assignments and additions to a list of applications: `INSTALLED_APPS = [`, `LOCAL_APPS += (`, `INSTALLED_APPS.append(`, `settings.configure(INSTALLED_APPS=[`. */
const APPS = /\b([A-Z][A-Z0-9_]*APPS)\b\s*(?:\+?=|\.(?:append|extend|insert)\s*\()/g;
/** `DJANGO_SETTINGS_MODULE` given a literal module: `os.environ.setdefault("DJANGO_SETTINGS_MODULE", "proj.settings")`, `= "…"`. */
const SETTINGS_MODULE = /DJANGO_SETTINGS_MODULE['"]?\s*\]?\s*[,=:]\s*['"]([\w.]+)['"]/g;

/**
 * Pure: what Django loads before every test of a project that sets it up for them (pytest-django's
 * `DJANGO_SETTINGS_MODULE`, `settings.configure()` in a conftest.py, `manage.py test`): the
 * settings modules a file names, and for each application of `INSTALLED_APPS` that is a package
 * of the tree, its package, `apps.py` and `models` (app loading imports them, then runs each
 * `AppConfig.ready()`), its `migrations/` (run to create the test database), its `templatetags/` (the first
 * template engine imports them all), and `admin.py` where `django.contrib.admin` is installed (its autodiscovery); and every module of the tree a settings string names (ROOT_URLCONF, MIDDLEWARE,
 * backends), which Django imports as a test requests a page or logs in. No test imports them, yet a
 * change there (a signal receiver connected in `ready()`, a model, a view) reaches every test. Applications are read from every settings module the
 * tree holds (split settings list them in a base module); `settings` says which modules the
 * runner's configuration names. Empty where nothing sets Django up.
 */
export function djangoSetupFiles(files: ProjectFiles, settings: readonly string[]): string[] {
  const present = new Set(files.paths);
  const candidates = files.paths.filter(isDjangoSetupCandidate);
  const texts = new Map(candidates.flatMap((p) => {
    const text = files.read(p);
    return text === null ? [] : [[p, stripComments(text)] as const];
  }));
  const named = new Set(settings);
  for (const text of texts.values()) for (const m of text.matchAll(SETTINGS_MODULE)) named.add(m[1]!);
  // Django's own (another library may call a `settings.configure()`; Flask-Script had a manage.py).
  const djangoText = (p: string, name: string) => (p === name || p.endsWith(`/${name}`)) && /\bdjango\b/.test(texts.get(p) ?? '');
  const configures = [...texts].some(([p, text]) => djangoText(p, 'conftest.py') && /\bsettings\.configure\s*\(/.test(text));
  const managed = candidates.some((p) => djangoText(p, 'manage.py'));
  if (named.size === 0 && !configures && !managed) return [];
  // Where a dotted name is looked up: the repository, src/, and each folder holding a manage.py.
  const roots = ['', 'src', ...candidates.filter((p) => p.endsWith('/manage.py')).map((p) => p.slice(0, p.lastIndexOf('/')))];
  const out = new Set<string>();
  for (const name of named) {
    const file = moduleIn(roots, name, (p) => present.has(p));
    if (file !== null) out.add(file);
  }
  const apps = new Set<string>();
  for (const text of texts.values()) for (const app of appNames(text)) apps.add(app);
  // A dotted name a settings module (or a conftest's `settings.configure(...)`) holds in a string:
  // ROOT_URLCONF, MIDDLEWARE, AUTHENTICATION_BACKENDS, a REST framework class... Django imports them
  // as a test requests a page, logs in or renders; no test imports them.
  for (const [path, text] of texts) {
    for (const segment of settingsSegments(path, text)) {
      for (const m of segment.matchAll(DOTTED)) {
        const name = m[2]!;
        const file = moduleIn(roots, name, (p) => present.has(p)) ?? moduleIn(roots, name.slice(0, name.lastIndexOf('.')), (p) => present.has(p));
        if (file !== null) out.add(file);
      }
    }
  }
  const admin = apps.has('django.contrib.admin') || apps.has('django.contrib.admin.apps.AdminConfig');
  const migrations = new Map<string, string[]>();
  for (const p of files.paths) {
    const m = /^(.*)\/migrations\/[^/]+\.py$/.exec(p);
    if (m) migrations.set(m[1]!, [...(migrations.get(m[1]!) ?? []), p]);
  }
  for (const app of apps) {
    const init = moduleIn(roots, packageOf(app), (p) => present.has(p));
    if (init === null || !init.endsWith('/__init__.py')) continue;
    const dir = init.slice(0, -'/__init__.py'.length);
    for (const module of ['__init__.py', 'apps.py', 'models.py', 'models/__init__.py', ...(admin ? ['admin.py'] : [])]) {
      if (present.has(`${dir}/${module}`)) out.add(`${dir}/${module}`);
    }
    // The test database is created by running every installed application's migrations.
    for (const p of migrations.get(dir) ?? []) out.add(p);
    // The first template engine imports every module under each application's `templatetags/`
    // (get_installed_libraries), whichever library a template's `{% load %}` names. A test module
    // there (django-extensions' `tests/templatetags/test_*.py`, the tests being an application
    // too) stays a test: a change to it selects it.
    for (const p of files.paths) if (p.startsWith(`${dir}/templatetags/`) && p.endsWith('.py') && !TEST_MODULE.test(p)) out.add(p);
  }
  return [...out].sort();
}

/** pytest's default test module names (`test_*.py`, `*_test.py`). */
const TEST_MODULE = /(?:^|\/)(?:test_[^/]*|[^/]*_test)\.py$/;

/** A dotted name in a string literal (`"proj.urls"`, `'blog.middleware.Stamp'`). */
const DOTTED = /(['"])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)\1/g;

/** The parts of a file that are settings: a settings module whole; in a conftest.py or manage.py, what `settings.configure(...)` is given. */
function settingsSegments(path: string, text: string): string[] {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name !== 'conftest.py' && name !== 'manage.py') return [text];
  return [...text.matchAll(/\bsettings\.configure\s*(?=\()/g)].map((m) => valueAfter(text, (m.index ?? 0) + m[0].length));
}

/** The string literals of each list of applications a settings text builds. */
function appNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(APPS)) {
    const segment = valueAfter(text, (m.index ?? 0) + m[0].length);
    for (const s of segment.matchAll(/(['"])([\w.]+)\1/g)) out.push(s[2]!);
  }
  return out;
}

/** The expression starting at `from`: a bracketed one whole, else the rest of the line. */
function valueAfter(text: string, from: number): string {
  let at = from;
  while (text[at] === ' ' || text[at] === '\t') at++;
  const open = text[at];
  if (open !== '[' && open !== '(') {
    const end = text.indexOf('\n', at);
    return text.slice(at, end < 0 ? text.length : end);
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '(' || c === '{') depth++;
    else if ((c === ']' || c === ')' || c === '}') && --depth === 0) return text.slice(at, i + 1);
  }
  return text.slice(at);
}

/** An application's package: `blog` for `blog`, `blog.apps.BlogConfig` and `blog.apps`. */
function packageOf(app: string): string {
  const parts = app.split('.');
  if (parts.length > 1 && /^[A-Z]/.test(parts[parts.length - 1]!)) parts.pop();
  if (parts.length > 1 && parts[parts.length - 1] === 'apps') parts.pop();
  return parts.join('.');
}
