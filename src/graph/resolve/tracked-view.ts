import type { ModuleEnv, ProjectFileFacts } from '../../lang/types.js';
import type { FileInterface, ResolutionData, ResolverSymbol } from './resolution-data.js';

/**
 * Dependency keys: what a file's resolution read besides the file itself.
 *   f:<path>  another file's interface (symbols, links, member bindings)
 *   n:<name>  the set of symbols with this name, repo-wide
 *   p:<path>  whether a path exists in the index
 *   c:<path>  a project file's facts (tsconfig.json, package.json), absent ones included
 *   w:<name>  the project files that declare package `name` (workspace packages), with their facts
 * When a change alters what one of these keys returns, every file that recorded the key is
 * re-resolved; nothing else can have changed (src/graph/resolve/invalidate.ts).
 */
export const fileKey = (path: string): string => `f:${path}`;
export const nameKey = (name: string): string => `n:${name}`;
export const pathKey = (path: string): string => `p:${path}`;
export const projectKey = (path: string): string => `c:${path}`;
export const packageKey = (name: string): string => `w:${name}`;

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
