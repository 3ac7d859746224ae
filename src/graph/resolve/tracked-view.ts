import type { ModuleEnv, ProjectFileFacts } from '../../lang/types.js';
import type { FileInterface, ResolutionData, ResolverSymbol } from './resolution-data.js';

/**
 * Dependency keys: what a file's resolution read besides the file itself.
 *   f:<path>  another file's interface (symbols, links, member bindings)
 *   n:<name>  the set of symbols with this name, repo-wide
 *   p:<path>  whether a path exists in the index
 *   c:<path>  a project file's facts (tsconfig.json, package.json), absent ones included
 *   w:<name>  the project files that declare package `name` (workspace packages), with their facts
 *   e:<path>#<name>  what another file's interface says of one name: its symbols, links and
 *            member bindings of that name (what following an import or re-export through it reads)
 *   s:<path>  the name-independent part of that: existence, module symbol, `export *` links
 * A file reached only to follow an import through it (a barrel) is read by name (e: and s:), so
 * that adding an export to a barrel re-resolves only the files that looked that name up in it.
 * When a change alters what one of these keys returns, every file that recorded the key is
 * re-resolved; nothing else can have changed (src/graph/resolve/invalidate.ts).
 */
export const fileKey = (path: string): string => `f:${path}`;
export const nameKey = (name: string): string => `n:${name}`;
export const pathKey = (path: string): string => `p:${path}`;
export const projectKey = (path: string): string => `c:${path}`;
export const packageKey = (name: string): string => `w:${name}`;
export const exportKey = (path: string, name: string): string => `e:${path}#${name}`;
export const starKey = (path: string): string => `s:${path}`;

/** Read access to the index for one file's resolution, recording every key it reads. */
export class TrackedView implements ModuleEnv {
  private readonly keys = new Set<string>();

  constructor(
    private readonly data: ResolutionData,
    readonly self: string,
  ) {}

  file(path: string): FileInterface | undefined {
    if (path !== this.self) this.keys.add(fileKey(path));
    return this.data.file(path);
  }

  /**
   * A file's interface without recording `f:<path>`: the caller records what it reads of it
   * (see track; only exports.ts does, for name lookups).
   */
  peek(path: string): FileInterface | undefined {
    return this.data.file(path);
  }

  /** Records a key read through peek (another file's only). */
  track(key: string, path: string): void {
    if (path !== this.self) this.keys.add(key);
  }

  symbolsNamed(name: string): readonly ResolverSymbol[] {
    this.keys.add(nameKey(name));
    return this.data.symbolsNamed(name);
  }

  exists(path: string): boolean {
    if (path !== this.self) this.keys.add(pathKey(path));
    return this.data.exists(path);
  }

  projectFile(path: string): ProjectFileFacts | undefined {
    this.keys.add(projectKey(path));
    return this.data.projectFile(path);
  }

  packagesNamed(name: string): readonly { path: string; facts: ProjectFileFacts }[] {
    this.keys.add(packageKey(name));
    return this.data.packagesNamed(name);
  }

  /** The recorded keys, sorted (stored with the file). */
  deps(): string[] {
    return [...this.keys].sort();
  }
}
