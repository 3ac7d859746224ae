import { MODULE_QUALNAME } from '../../../model/symbol.js';
import type { StoredRef } from '../../../model/stored.js';
import type { ResolveContext } from '../context.js';
import { exportedName, moduleLevelName, resolveLink, type ImportTarget } from '../exports.js';
import { findMember } from '../members.js';
import { fileKey } from '../tracked-view.js';
import { resolved, settled, type Decision, type Rule } from './rule.js';

/**
 * A value the test runner injects by name (a pytest fixture named by a test's or a fixture's
 * parameter, or by `usefixtures`), looked up where the runner looks: the enclosing class and its
 * bases, the file's own top-level names and imports, then the language's fixture files nearest
 * first (`conftest.py` up the folders) with the plugin modules they name. A fixture that requests
 * its own name (`def app(app)`) overrides the one further out, so the lookup starts above it.
 * Nothing found: a runner or plugin built-in (`tmp_path`, `monkeypatch`), counted as external.
 */
export const fixtureRule: Rule = {
  name: 'fixture',
  confidence: 0.94,
  description: "A fixture named by a test's parameter: the enclosing class, the module, then the language's fixture files up the folders and the plugins they name.",
  apply(ref, ctx) {
    if (ref.kind !== 'fixture') return null;
    const files = ctx.traits.fixtureFiles?.(ctx.own.path);
    if (!files) return settled('unresolved');
    const overriding = ref.scope.split('.').pop() === ref.name;
    if (!overriding) {
      const found = inClass(ctx, ref) ?? fromTarget(moduleLevelName(ctx, ctx.own, ref.name));
      if (found) return found;
    }
    const alias = ctx.traits.fixturePluginAlias;
    const plugins: StoredRef[] = [];
    // An overriding fixture in a fixture file starts at the next one up; elsewhere the nearest is next.
    const start = overriding && files.includes(ctx.own.path) ? files.indexOf(ctx.own.path) + 1 : 0;
    for (const path of files.slice(start)) {
      if (path === ctx.own.path || !ctx.view.exists(path)) continue;
      const file = ctx.peekFile(path);
      if (!file) continue;
      const found = fromTarget(exportedName(ctx, file, ref.name, new Set(), true));
      if (found) return found;
      if (alias !== undefined) {
        // Its plugin links are read whole: a plugin named or dropped there re-resolves this file.
        ctx.track(fileKey(path), path);
        plugins.push(...file.links.filter((l) => l.kind === 'import' && l.alias === alias));
      }
    }
    // Plugins named by this file too (a conftest's own `pytest_plugins`).
    if (alias !== undefined) plugins.push(...ctx.own.links.filter((l) => l.kind === 'import' && l.alias === alias));
    for (const link of plugins) {
      const from = ctx.peekFile(link.file);
      const target = from ? resolveLink(ctx, link, from) : ({ kind: 'unresolved' } as const);
      if (target.kind !== 'namespace') continue;
      const found = fromTarget(exportedName(ctx, target.file, ref.name, new Set(), true));
      if (found) return found;
    }
    return settled('external');
  },
};

/** A fixture method of the test's class or of one of its bases. */
function inClass(ctx: ResolveContext, ref: StoredRef): Decision | null {
  if (ref.scope === MODULE_QUALNAME) return null;
  const owner = ctx.enclosingClass(ref.scope);
  if (!owner) return null;
  const lookup = findMember(ctx, [owner], ref.name);
  return lookup.members.length > 0 ? resolved(lookup.members) : null;
}

/** A declaration found by name: its symbols, or the module of a name that is no symbol. */
function fromTarget(target: ImportTarget | null): Decision | null {
  if (!target) return null;
  switch (target.kind) {
    case 'symbols':
      return resolved(target.symbols);
    case 'value':
      return resolved([target.module], true);
    case 'external':
      return settled('external');
    default:
      return null;
  }
}
