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

/**
 * One read a resolution made: a dependency key and the file it is of (null: not of one file, such
 * as a name's symbols repo-wide). Reads of the file being resolved record no key.
 */
export type Read = readonly [key: string, path: string | null];

/** Read access to the index for one file's resolution, recording every key it reads. */
export class TrackedView implements ModuleEnv {
  private readonly keys = new Set<string>();
  /** While `recorded` runs: every read, in order, for another file's resolution to replay. */
  private recording: Read[] | null = null;

  constructor(
    private readonly data: ResolutionData,
    readonly self: string,
  ) {}

  file(path: string): FileInterface | undefined {
    this.add(fileKey(path), path);
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
    this.add(key, path);
  }

  symbolsNamed(name: string): readonly ResolverSymbol[] {
    this.add(nameKey(name), null);
    return this.data.symbolsNamed(name);
  }

  exists(path: string): boolean {
    this.add(pathKey(path), path);
    return this.data.exists(path);
  }

  projectFile(path: string): ProjectFileFacts | undefined {
    this.add(projectKey(path), null);
    return this.data.projectFile(path);
  }

  packagesNamed(name: string): readonly { path: string; facts: ProjectFileFacts }[] {
    this.add(packageKey(name), null);
    return this.data.packagesNamed(name);
  }

  /** Whether reads are being recorded (a caller keeping its own cache must not hide reads then). */
  get recordingReads(): boolean {
    return this.recording !== null;
  }

  /**
   * Runs `fn` and returns its value with every read it made, so that the resolution of another
   * file asking the same question can take the answer and replay the reads (see ExportMemo).
   * Recordings nest: an outer one sees the inner one's reads too.
   */
  recorded<T>(fn: () => T): { value: T; reads: Read[] } {
    const outer = this.recording;
    const reads: Read[] = [];
    this.recording = reads;
    try {
      const value = fn();
      return { value, reads };
    } finally {
      this.recording = outer;
      if (outer) for (const read of reads) outer.push(read);
    }
  }

  /** Records reads another file's resolution made for the same answer (this file's own excepted). */
  replay(reads: readonly Read[]): void {
    for (const [key, path] of reads) this.add(key, path);
  }

  /** The recorded keys, sorted (stored with the file). */
  deps(): string[] {
    return [...this.keys].sort();
  }

  private add(key: string, path: string | null): void {
    if (path !== this.self) this.keys.add(key);
    this.recording?.push([key, path]);
  }
}
