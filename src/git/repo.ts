import { spawn } from 'node:child_process';
import { readlinkSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { GitError, simpleGit, type SimpleGit } from 'simple-git';
import { RatlasError } from '../util/errors.js';
import { shellQuote } from '../util/shell-quote.js';
import { BlobReader, SharedBlobReader, type BlobSource } from './blob-reader.js';
import { symlinkAliases, type SymlinkAlias, type TrackedLink } from './symlink-aliases.js';
import { repoFilePath } from '../util/path.js';

/** A file in a commit's tree, as `git ls-tree --long` lists it. */
export interface TreeEntry {
  path: string;
  oid: string;
  size: number;
  mode: string;
  /** For a path a tracked symlink makes readable, the regular file it reads (whose blob, size and mode it has). */
  aliasOf?: string;
}

/** One changed path between two commits, with git's rename detection. */
export interface ChangedPath {
  status: 'added' | 'modified' | 'deleted' | 'renamed' | 'copied' | 'type-changed';
  path: string;
  previousPath?: string;
  similarity?: number;
  /**
   * False when the new side is not a regular file (a symlink or a submodule): ratlas reads neither,
   * so an index holds no such path whichever way it was built.
   */
  regularFile: boolean;
  /**
   * A submodule's commit on either side (a gitlink): the path is a folder of another repository,
   * whose files this tree does not hold.
   */
  gitlink?: true;
}

/** A range's two ends and their merge-base, as resolveCommit and mergeBase give them. */
export interface RangeCommits {
  from: string;
  to: string;
  mergeBase: string;
}

/**
 * git exited non-zero, or was killed, without necessarily a word on stderr. A GitError, so that
 * simple-git hands it on as it is rather than wrapped (and the exit code lost).
 */
class GitExitError extends GitError {
  constructor(
    readonly exitCode: number | null,
    stderr: string,
  ) {
    super(undefined, stderr.trim() || (exitCode === null ? 'git was killed by a signal' : `git exited with code ${exitCode}`));
  }
}

/**
 * simple-git as ratlas runs it. A command's output is what it wrote until its pipes closed
 * (`completion.onExit: false`): simple-git's default also ends a command 50 ms after the process
 * exits, so when this thread was busy past that (a loaded machine, a config parsed meanwhile) it
 * handed over a cut or empty `git diff`, and impact silently selected nothing. And any non-zero
 * exit or signal is an error (`errors`), stderr or not: simple-git takes a silent failure's output
 * for an answer. Where a non-zero exit is an answer (`grep` finding nothing, `cat-file -e` of an
 * absent commit), the caller catches it.
 */
function gitClient(baseDir: string, maxConcurrentProcesses?: number): SimpleGit {
  return simpleGit({
    baseDir,
    ...(maxConcurrentProcesses !== undefined && { maxConcurrentProcesses }),
    completion: { onClose: true, onExit: false },
    errors: (error, result) => error ?? (result.exitCode === 0 ? undefined : new GitExitError(result.exitCode, Buffer.concat(result.stdErr).toString('utf8'))),
  });
}

/** Git's index listed: tracked symlinks, the other tracked paths, and the regular files' blobs. */
interface IndexListing {
  links: string[];
  files: string[];
  blobs: Map<string, string>;
}

/** The modes git records a regular file with (plain, executable). */
export const REGULAR_FILE_MODES = new Set(['100644', '100755']);
/** The mode git records a submodule's commit with. */
const GITLINK_MODE = '160000';
const FULL_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
const SYMLINK_MODE = '120000';

/**
 * The only place ratlas runs git. Every failure becomes a RatlasError naming the ref or path
 * involved and the next step.
 */
export class GitRepo {
  private readonly blobs: SharedBlobReader;
  private static readonly TREES_KEPT = 4;
  private readonly trees = new Map<string, Promise<TreeEntry[]>>();
  private listed: { stamp: string; listing: IndexListing } | null = null;

  private constructor(
    readonly root: string,
    private readonly git: SimpleGit,
  ) {
    this.blobs = new SharedBlobReader(() => new BlobReader(spawn('git', ['cat-file', '--batch', '-z'], { cwd: this.root, stdio: ['pipe', 'pipe', 'pipe'] })));
  }

  /** Opens the repository containing `cwd`; fails with an actionable error outside one. */
  static async open(cwd: string): Promise<GitRepo> {
    return (await GitRepo.openAsking(cwd, [])).repo;
  }

  /**
   * Opens the repository containing `cwd` (as open does) and, in the same git process, resolves
   * the two ends of a range and their merge-base: one process where resolveCommit twice and
   * mergeBase start three more, each a fork of this process. `commits` is null when that single
   * question has no single answer (a ref that does not resolve to a commit, no merge-base or
   * several): the caller then asks resolveCommit and mergeBase, whose errors say what is wrong.
   */
  static async openWithRange(cwd: string, range: { from: string; to: string }): Promise<{ repo: GitRepo; commits: RangeCommits | null }> {
    // `F...T` prints T, F, then each merge-base prefixed with ^ (git rev-parse, "Specifying
    // ranges"); `^{commit}` resolves each side as resolveCommit does. A ref that reads as an option
    // is left to resolveCommit, which refuses it.
    if (range.from.startsWith('-') || range.to.startsWith('-')) return { repo: await GitRepo.open(cwd), commits: null };
    const { repo, answers } = await GitRepo.openAsking(cwd, [`${range.from}^{commit}...${range.to}^{commit}`]);
    return { repo, commits: answers && rangeCommits(answers) };
  }

  /**
   * Opens the repository containing `cwd` (as open does) and, in the same git process, resolves
   * HEAD's commit, as headCommit does; `head` is null when it does not resolve (no commits yet:
   * headCommit says so).
   */
  static async openWithHead(cwd: string): Promise<{ repo: GitRepo; head: string | null }> {
    const { repo, answers } = await GitRepo.openAsking(cwd, ['HEAD^{commit}']);
    return { repo, head: answers?.length === 1 && FULL_ID.test(answers[0]!) ? answers[0]! : null };
  }

  /**
   * The repository containing `cwd`, found with one `git rev-parse`, which also answers `revisions`
   * (its output lines after the top-level folder; null when the process failed, and then the
   * repository is found without them).
   */
  private static async openAsking(cwd: string, revisions: readonly string[]): Promise<{ repo: GitRepo; answers: string[] | null }> {
    const stat = statSync(cwd, { throwIfNoEntry: false });
    if (!stat?.isDirectory()) {
      throw new RatlasError('not-a-repo', `${cwd} ${stat ? 'is not a folder' : 'does not exist'}.`, { hint: 'Pass the folder of a git working tree with --repo DIR.' });
    }
    // One git process for the usual case (a working tree); the two questions apart only to say
    // which condition failed.
    const here = gitClient(cwd);
    const out = await here.raw(['rev-parse', '--is-bare-repository', '--show-toplevel', ...revisions]).catch(() => '');
    const [bare, top, ...answers] = out.trim().split('\n');
    if (bare === 'false' && top) return { repo: GitRepo.at(top), answers: revisions.length > 0 ? answers : null };
    // A revision that does not resolve fails the whole process: ask again without it.
    if (revisions.length > 0) return { repo: (await GitRepo.openAsking(cwd, [])).repo, answers: null };
    if ((await here.raw(['rev-parse', '--is-bare-repository']).catch(() => '')).trim() === 'true') {
      throw new RatlasError('bare-repo', `${cwd} is a bare git repository: it has no working tree to index.`, {
        hint: 'Run ratlas in a clone or worktree of it (git worktree add DIR, or git clone).',
      });
    }
    const root = await here.revparse(['--show-toplevel']).catch((error: unknown) => {
      throw new RatlasError('not-a-repo', `${cwd} is not inside a git repository.`, {
        hint: 'Run ratlas from a git working tree, or pass --repo DIR.',
        cause: error,
      });
    });
    return { repo: GitRepo.at(root.trim()), answers: null };
  }

  private static at(root: string): GitRepo {
    const real = realpathSync(root);
    // Five at once: impact of the working tree asks that many together (the test universe's files,
    // the diff, the base tree, git's index, the untracked files), and one left waiting for a slot
    // started later, by a fork of a process that had grown by then.
    return new GitRepo(real, gitClient(real, 5));
  }

  async raw(args: string[]): Promise<string> {
    return this.run(args);
  }

  /**
   * Runs git. A repository missing an object the command needs (a blob a mirror or a partial clone
   * never fetched, a damaged object store) is a condition of the clone, not a bug in ratlas: it
   * becomes one message naming the object and how to get it. Other failures pass through as they are.
   */
  private async run(args: string[]): Promise<string> {
    try {
      return await this.git.raw(args);
    } catch (error) {
      const missing = /unable to read ([0-9a-f]{7,64})|missing (?:blob|tree|commit) ([0-9a-f]{7,64})|bad object ([0-9a-f]{7,64})/.exec(error instanceof Error ? error.message : String(error));
      if (!missing) throw error;
      const oid = missing[1] ?? missing[2] ?? missing[3]!;
      throw new RatlasError('git-object-missing', `git cannot read object ${oid} (git ${args[0]}): this clone is missing objects that commit needs.`, {
        hint: 'Fetch them (git fetch --refetch, or a clone without --filter), check the object store with git fsck, or pick a range whose commits are complete.',
        cause: error,
      });
    }
  }

  /** Full commit id of a ref, or a RatlasError that says how to get the ref. */
  async resolveCommit(ref: string): Promise<string> {
    if (ref.startsWith('-')) throw new RatlasError('unknown-ref', `"${ref}" is not a git ref.`);
    // `rev-parse --quiet` fails with no stderr, which simple-git does not always treat as an error.
    const out = await this.run(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]).catch(() => '');
    const commit = out.trim();
    if (/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(commit)) return commit;
    const [shallow, remote] = await Promise.all([this.isShallow(), this.defaultRemote()]);
    const fetch = remote === null ? 'add a remote (git remote add origin URL) and fetch it' : `fetch it (${fetchCommand(ref, remote, shallow)})`;
    throw new RatlasError('unknown-ref', `Cannot resolve "${ref}" to a commit in ${this.root}.`, {
      hint: shallow
        ? `This is a shallow clone: pass --deepen to fetch history until it resolves, or ${fetch}.`
        : `Check the name (git branch -a), or ${fetch}.`,
    });
  }

  /** HEAD's commit id, or null in a repository without commits. */
  async headCommit(): Promise<string | null> {
    try {
      return (await this.run(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'])).trim() || null;
    } catch {
      return null;
    }
  }

  /** The branch HEAD names (born or not), or null when detached. */
  async currentBranch(): Promise<string | null> {
    return (await this.run(['symbolic-ref', '--quiet', '--short', 'HEAD']).catch(() => '')).trim() || null;
  }

  /** A local branch that has commits, if any (an unborn branch may sit beside others). */
  async someBranch(): Promise<string | null> {
    return (await this.run(['for-each-ref', '--count=1', '--format=%(refname:short)', 'refs/heads']).catch(() => '')).trim() || null;
  }

  async isShallow(): Promise<boolean> {
    return (await this.run(['rev-parse', '--is-shallow-repository'])).trim() === 'true';
  }

  async mergeBase(a: string, b: string): Promise<string> {
    try {
      const base = (await this.run(['merge-base', a, b])).trim();
      // No common ancestor: git exits 1 without a word, which simple-git does not report.
      if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(base)) throw new Error(`merge-base printed "${base}"`);
      return base;
    } catch (error) {
      const shallow = await this.isShallow();
      throw new RatlasError('no-merge-base', `Commits ${a.slice(0, 12)} and ${b.slice(0, 12)} have no common ancestor here.`, {
        hint: shallow
          ? 'The clone is shallow: fetch more history (ratlas impact --deepen, or git fetch --deepen=100).'
          : 'Use A..B to diff two unrelated commits directly.',
        cause: error,
      });
    }
  }

  /**
   * Regular files of a commit's tree (symlinks and submodules are not files ratlas reads). A tree
   * named by its full commit id cannot change: it is listed once per repository (an index build and
   * an impact each ask for the same commit's tree from two or three places).
   */
  listTree(commit: string): Promise<readonly TreeEntry[]> {
    if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(commit)) return this.readTree(commit);
    let listed = this.trees.get(commit);
    if (!listed) {
      listed = this.readTree(commit);
      listed.catch(() => this.trees.delete(commit));
      // A few recent commits are enough (a range's two ends, a replay's next step).
      if (this.trees.size >= GitRepo.TREES_KEPT) this.trees.delete(this.trees.keys().next().value!);
      this.trees.set(commit, listed);
    }
    return listed;
  }

  private async readTree(commit: string): Promise<TreeEntry[]> {
    const out = await this.run(['ls-tree', '-r', '-z', '--long', '--full-tree', commit]);
    const entries: TreeEntry[] = [];
    const links: { path: string; oid: string }[] = [];
    for (const record of out.split('\0')) {
      if (!record) continue;
      const tab = record.indexOf('\t');
      const [mode, type, oid, size] = record.slice(0, tab).split(/\s+/);
      if (type === 'blob' && mode === SYMLINK_MODE) links.push({ path: record.slice(tab + 1), oid: oid! });
      if (type !== 'blob' || !REGULAR_FILE_MODES.has(mode!)) continue;
      entries.push({ path: record.slice(tab + 1), oid: oid!, size: Number(size), mode: mode! });
    }
    return links.length === 0 ? entries : this.withAliases(entries, links);
  }

  /** A tree's regular files and the paths its symlinks make readable (symlinkAliases), by path. */
  private async withAliases(entries: TreeEntry[], links: readonly { path: string; oid: string }[]): Promise<TreeEntry[]> {
    const reader = this.openBlobReader();
    const tracked: TrackedLink[] = [];
    try {
      for (const link of links) {
        const bytes = await reader.read(link.oid);
        if (bytes) tracked.push({ path: link.path, target: Buffer.from(bytes).toString('utf8') });
      }
    } finally {
      reader.close();
    }
    const byPath = new Map(entries.map((e) => [e.path, e]));
    const aliases = symlinkAliases(byPath.keys(), tracked).map(({ path, realPath }): TreeEntry => ({ ...byPath.get(realPath)!, path, aliasOf: realPath }));
    return [...entries, ...aliases].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** Tracked files plus untracked files that are not ignored, as git sees the working tree. */
  async listWorkingTree(): Promise<string[]> {
    const out = await this.run(['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--deduplicate']);
    const paths = out.split('\0').filter((p) => p.length > 0);
    return [...new Set(paths)].sort();
  }

  /**
   * The paths tracked symlinks of the working tree make readable (symlinkAliases): links as git's
   * index records them, targets as they are on disk, among the files git's index tracks (an
   * untracked file under a linked folder is not read through the link, wherever it is asked).
   * Git's index listing is read again only when its file moved.
   */
  async workingTreeAliases(): Promise<SymlinkAlias[]> {
    return (await this.workingTreeLinks()).aliases;
  }

  /** The same, with the links read (a link gone from disk, or no longer one, is not among them). */
  async workingTreeLinks(): Promise<{ links: TrackedLink[]; aliases: SymlinkAlias[] }> {
    const listing = await this.indexListing();
    if (listing.links.length === 0) return { links: [], aliases: [] };
    const links = new Set(listing.links);
    const tracked = listing.links.flatMap((path) => {
      const target = linkTarget(this.root, path);
      return target === null ? [] : [{ path, target }];
    });
    return { links: tracked, aliases: symlinkAliases(listing.files.filter((p) => !links.has(p)), tracked) };
  }

  /** The regular files git's index tracks, each with the blob it holds (path -> blob id). */
  async trackedBlobs(): Promise<ReadonlyMap<string, string>> {
    return (await this.indexListing()).blobs;
  }

  /** Git's index as `ls-files -s` lists it: tracked symlinks and the other tracked paths. */
  private async indexListing(): Promise<IndexListing> {
    const stamp = indexFileStamp(this.root);
    if (stamp !== null && this.listed?.stamp === stamp) return this.listed.listing;
    const out = await this.run(['ls-files', '-s', '-z']);
    const listing: IndexListing = { links: [], files: [], blobs: new Map() };
    for (const record of out.split('\0')) {
      if (!record) continue;
      const tab = record.indexOf('\t');
      const path = record.slice(tab + 1);
      const [mode, oid] = record.slice(0, tab).split(' ');
      (mode === SYMLINK_MODE ? listing.links : listing.files).push(path);
      if (REGULAR_FILE_MODES.has(mode!)) listing.blobs.set(path, oid!);
    }
    if (stamp !== null) this.listed = { stamp, listing };
    return listing;
  }

  /** Untracked files that are not ignored. */
  async untrackedPaths(): Promise<string[]> {
    const out = await this.run(['ls-files', '-z', '--others', '--exclude-standard']);
    return out.split('\0').filter((p) => p.length > 0).sort();
  }

  /**
   * HEAD and the paths that differ from it in the working tree (staged, unstaged, untracked; both
   * sides of a rename), from one `git status`: a refresh that asked git twice paid a process
   * start twice. With `ignored`, also the ignored paths git met (a wholly ignored directory as
   * one `dir/` entry, its content unlisted): what a WorktreeWatch needs to leave alone.
   */
  async worktreeStatus(options: { ignored?: boolean } = {}): Promise<WorktreeStatus> {
    const args = ['--no-optional-locks', 'status', '--porcelain=v2', '-z', '--branch', '--untracked-files=all'];
    if (options.ignored) args.push('--ignored=matching');
    return parseStatusV2(await this.run(args));
  }

  /**
   * Where git keeps this worktree's state (HEAD, its index) and the repository's shared state
   * (refs, config, info/exclude), as absolute paths; and the user's files git reads on every
   * status (global config, global excludes), absent ones included.
   */
  async stateFiles(): Promise<{ gitDir: string; commonDir: string; globalFiles: string[] }> {
    const [dirs, excludes] = await Promise.all([
      this.run(['rev-parse', '--absolute-git-dir', '--git-common-dir']),
      this.run(['config', '--path', '--get', 'core.excludesFile']).catch(() => ''),
    ]);
    const [gitDir = '', commonDir = ''] = dirs.trim().split('\n');
    const configured = excludes.trim();
    const home = process.env.HOME ?? '';
    const xdg = process.env.XDG_CONFIG_HOME || (home ? join(home, '.config') : '');
    const globalFiles: string[] = [];
    if (home) globalFiles.push(join(home, '.gitconfig'));
    if (xdg) globalFiles.push(join(xdg, 'git', 'config'));
    const excludesFile = configured || (xdg ? join(xdg, 'git', 'ignore') : '');
    if (excludesFile) globalFiles.push(excludesFile);
    return { gitDir, commonDir: isAbsolute(commonDir) ? commonDir : resolve(this.root, commonDir), globalFiles };
  }

  /** Paths that differ between HEAD and the working tree (staged, unstaged, untracked). */
  async dirtyPaths(): Promise<string[]> {
    const out = await this.run(['status', '--porcelain=v1', '-z', '--untracked-files=all']);
    const paths: string[] = [];
    const records = out.split('\0');
    for (let i = 0; i < records.length; i++) {
      const record = records[i]!;
      if (record.length < 4) continue;
      paths.push(record.slice(3));
      // A rename or copy is followed by its source path.
      if (record[0] === 'R' || record[0] === 'C') paths.push(records[++i]!);
    }
    return [...new Set(paths)].sort();
  }

  /** Changes between two commits (or a commit and the index/working tree), renames detected. */
  async diff(from: string, to: string | { staged: true } | { workingTree: true }): Promise<ChangedPath[]> {
    const args = ['diff', '--raw', '--no-abbrev', '-z', '-M', '--no-ext-diff', '--no-textconv', from];
    if (typeof to === 'string') args.push(to);
    else if ('staged' in to) args.splice(1, 0, '--cached');
    const out = await this.run([...args, '--']);
    return parseRawDiff(out);
  }

  /**
   * Files whose content contains `text` (a fixed string; or any of several), in a commit, the staging area or the
   * working tree (untracked files included), limited to `pathspecs`. `as`: standing as a path
   * (`path`, asPathPattern); ending a string, as a file name a path ends with does (`stringEnd`:
   * `'../package.json'`, `root + "/package.json"`; not `see package.json:` in a comment); opening a
   * string, alone or before `.` or `:` (`stringStart`: `"shop.log.Keep"`; not `import shop.log`); a
   * whole dotted name, quoted or not (`dottedName`, asDottedNamePattern). `binary`: binary files too.
   */
  async filesContaining(
    text: string | readonly string[],
    where: { commit: string } | 'staged' | 'worktree',
    pathspecs: readonly string[],
    options: { as?: keyof typeof TEXT_PATTERNS; binary?: boolean } = {},
  ): Promise<string[]> {
    const texts = typeof text === 'string' ? [text] : text;
    if (texts.length === 0) return [];
    const pattern = options.as && TEXT_PATTERNS[options.as];
    // `-I` skips binary files: what code is written in is text; a serialized object may not be.
    const args = ['-l', ...(options.binary ? [] : ['-I']), pattern ? '-E' : '-F', ...texts.flatMap((t) => ['-e', pattern ? pattern(escapeEre(t)) : t])];
    const { out, path } = await this.grep(args, where, pathspecs);
    return out
      .split('\0')
      .filter((p) => p.length > 0)
      .map(path)
      .sort();
  }

  /**
   * For each of `texts`, the files holding it as filesContaining looks for it `as` (ending or
   * opening a string), each with how it is spelled there: the path a string ends with the text
   * (`../../pinia/src/index.ts` in a quoted string), or the dotted name a string opens with. In one
   * search: one expression of every text's alternatives, each match attributed to the texts it
   * shows. git grep tries each of several expressions on every line: typeorm's 113 file names took
   * 0.71 s as expressions of their own, 0.20 s as one. `pathEnd`: a file name ending a path anywhere in the text, in a string or
   * not (`@jest-environment ./test/env.js` in a comment), spelled as the path it ends.
   */
  async filesContainingEach(
    texts: readonly string[],
    where: { commit: string } | 'staged' | 'worktree',
    pathspecs: readonly string[],
    as: TextWay,
  ): Promise<Map<string, Map<string, string[]>>> {
    return (await this.filesContainingEachWay(texts, where, pathspecs, [as])).get(as)!;
  }

  /**
   * filesContainingEach for the same texts looked for in several ways, in one search: each way's
   * matches are read from every line any way found, which is exact because a way's matcher finds
   * only what its expression matches (textMatcher). Two searches of typeorm's reached scripts by
   * their file names cost 0.74 s and 0.79 s of git grep; the lines they find are mostly the same.
   */
  async filesContainingEachWay<W extends TextWay>(
    texts: readonly string[],
    where: { commit: string } | 'staged' | 'worktree',
    pathspecs: readonly string[],
    ways: readonly W[],
  ): Promise<Map<W, Map<string, Map<string, string[]>>>> {
    const found = new Map(ways.map((way) => [way, new Map<string, Map<string, Set<string>>>()]));
    const known = new Set(texts);
    if (known.size > 0) {
      // git finds the lines (one expression of every text's alternatives), this process reads them:
      // an expression showing the path before the name from the string's opening made git grep take
      // 2.1 s on typeorm's 338 names, where finding the lines takes 0.2 s.
      // An argument longer than the kernel takes (128 KiB; typeorm's reached scripts by every folder
      // depth made one) fails the spawn (E2BIG): the alternatives go in chunks, one search each.
      const searches = chunkBySize([...known].map(escapeEre), GREP_EXPRESSION_BYTES).map((chunk) =>
        this.grep(['-I', '-E', ...ways.flatMap((way) => ['-e', TEXT_PATTERNS[way](`(${chunk.join('|')})`)])], where, pathspecs),
      );
      const matchers = ways.map((way) => [found.get(way)!, textMatcher([...known], way)] as const);
      for (const { out, path } of await Promise.all(searches)) {
        // Each matching line after its file's path and a NUL.
        for (const line of out.split('\n')) {
          const nul = line.indexOf('\0');
          if (nul < 0) continue;
          const file = path(line.slice(0, nul));
          for (const [byText, matcher] of matchers) {
            for (const [text, spelled] of matcher(line.slice(nul + 1))) {
              const files = byText.get(text) ?? new Map<string, Set<string>>();
              const spellings = files.get(file) ?? new Set<string>();
              spellings.add(spelled);
              files.set(file, spellings);
              byText.set(text, files);
            }
          }
        }
      }
    }
    const byName = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);
    return new Map(
      [...found].map(([way, byText]) => [
        way,
        new Map([...byText].sort(byName).map(([text, files]) => [text, new Map([...files].sort(byName).map(([file, spellings]) => [file, [...spellings].sort()]))])),
      ]),
    );
  }

  /**
   * `git grep -z` with `args` in a commit, the staging area or the working tree (untracked files
   * included), limited to `pathspecs`: its output, and how to read a path it names (a commit's
   * paths come as `commit:path`).
   */
  private async grep(args: readonly string[], where: { commit: string } | 'staged' | 'worktree', pathspecs: readonly string[]): Promise<{ out: string; path: (named: string) => string }> {
    const full = ['grep', '-z', '--no-color', ...args];
    if (where === 'staged') full.push('--cached');
    else if (where === 'worktree') full.push('--untracked');
    else full.push(where.commit);
    // git grep exits 1 when no file matches: an answer, not a failure.
    const out = await this.run([...full, '--', ...pathspecs]).catch((error: unknown) => {
      if (error instanceof GitExitError && error.exitCode === 1) return '';
      throw error;
    });
    const prefix = typeof where === 'object' ? `${where.commit}:` : '';
    return { out, path: (named) => (prefix && named.startsWith(prefix) ? named.slice(prefix.length) : named) };
  }

  /**
   * Reads blobs in bulk through one `git cat-file --batch -z` process (paths may hold newlines),
   * shared with the repository's other readers (SharedBlobReader). Close it when done.
   */
  openBlobReader(options: { endWhenReleased?: boolean } = {}): BlobSource {
    return this.blobs.lease(options);
  }

  /**
   * Fetches `by` more commits of history into a shallow clone, from `remote` (default: origin, else
   * the first remote): below `commits` only when given (a CI checkout of one pull request needs
   * nothing else), else below every branch the remote's refspec names.
   */
  async deepen(by: number, options: { remote?: string; commits?: readonly string[] } = {}): Promise<void> {
    await this.fetch([`--deepen=${by}`], options.commits ?? [], { remote: options.remote, code: 'deepen-failed', what: `${by} more commits` });
  }

  /**
   * `git fetch [flags] REMOTE [refspecs]`, quietly, without tags or submodules. Fails with a
   * RatlasError (`code`) naming `what` was fetched and from where.
   */
  async fetch(flags: readonly string[], refspecs: readonly string[], options: { remote?: string | undefined; code: string; what: string }): Promise<void> {
    const from = options.remote ?? (await this.defaultRemote());
    if (!from) {
      throw new RatlasError('no-remote', `${this.root} has no remote to fetch ${options.what} from.`, {
        hint: 'Add the remote (git remote add origin URL), or clone with full history.',
      });
    }
    try {
      await this.run(['fetch', '--quiet', '--no-tags', '--no-recurse-submodules', ...flags, from, ...refspecs]);
    } catch (error) {
      throw new RatlasError(options.code, `Fetching ${options.what} from ${from} failed: ${(error as Error).message.trim()}`, {
        hint: `Check that the remote is reachable (git fetch ${from}) with the checkout's credentials, or fetch full history (git fetch --unshallow).`,
        cause: error,
      });
    }
  }

  /** origin when it exists, else the first remote, else null. */
  async defaultRemote(): Promise<string | null> {
    const remotes = (await this.run(['remote'])).split('\n').filter((r) => r.length > 0);
    return remotes.includes('origin') ? 'origin' : (remotes[0] ?? null);
  }

  /** Up to `max` commits reachable from `commit`, itself first, newest first (a shallow clone stops at its boundary). */
  async ancestors(commit: string, max: number): Promise<string[]> {
    const out = await this.run(['rev-list', `--max-count=${max}`, commit, '--']);
    return out.split('\n').filter((line) => line.length > 0);
  }

  /** Committer time of a commit, in unix seconds. */
  async commitTime(commit: string): Promise<number> {
    // `log -1`, not `show -s`: show still runs rename detection, which reads blobs a mirror may lack.
    return Number((await this.run(['log', '-1', '--format=%ct', commit, '--'])).trim());
  }

  /** Whether a commit object is present here (a shallow clone may lack it). */
  async hasCommit(commit: string): Promise<boolean> {
    try {
      await this.run(['cat-file', '-e', `${commit}^{commit}`]);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Those of `paths` that the working-tree index holds: tracked, or untracked and not ignored
   * (the same rule as listWorkingTree), whether or not they exist on disk.
   */
  async workingTreeMembers(paths: readonly string[]): Promise<Set<string>> {
    const members = new Set<string>();
    // Paths go on the command line (git 2.39 ls-files has no --pathspec-from-file), in chunks
    // that stay well below the platform's argument-length limit.
    for (let i = 0; i < paths.length; i += 500) {
      const chunk = paths.slice(i, i + 500);
      const out = await this.run(['--literal-pathspecs', 'ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...chunk]);
      for (const path of out.split('\0')) if (path.length > 0) members.add(path);
    }
    return members;
  }

}

/**
 * A `git fetch` that makes `ref` resolve here, valid when pasted into a shell: a commit id by id; a
 * revision relative to another (`HEAD~1`, `main^`) by deepening a shallow clone; `origin/x` into
 * its remote-tracking branch; any other name into a local ref of that name.
 */
function fetchCommand(ref: string, remote: string, shallow: boolean): string {
  if (/^[0-9a-f]{7,64}$/.test(ref)) return `git fetch ${shellQuote(remote)} ${ref}`;
  if (/[~^:]|@\{/.test(ref) || ref === 'HEAD' || ref === '@') return shallow ? `git fetch --deepen=100 ${shellQuote(remote)}` : `git fetch ${shellQuote(remote)}`;
  if (ref.startsWith(`${remote}/`)) {
    const branch = ref.slice(remote.length + 1);
    return `git fetch ${shellQuote(remote)} ${shellQuote(`+refs/heads/${branch}:refs/remotes/${remote}/${branch}`)}`;
  }
  return `git fetch ${shellQuote(remote)} ${shellQuote(`${ref}:${ref}`)}`;
}

/** One path `git status` reports. */
export interface StatusEntry {
  path: string;
  /** `tracked`: changed against HEAD or the index; `renamed` and `unmerged` as git says; `untracked`. */
  kind: 'tracked' | 'renamed' | 'unmerged' | 'untracked';
  /** The index differs from HEAD for this path (git's X column is not `.`). */
  staged: boolean;
  /** The blob id the index holds (tracked entries only). */
  indexOid: string | null;
}

export interface WorktreeStatus {
  head: string | null;
  /** The checked-out branch (`refs/heads/...` without the prefix), null when detached. */
  branch: string | null;
  /** Changed and untracked paths, sorted (both sides of a rename). */
  dirty: string[];
  entries: StatusEntry[];
  /** Ignored paths, directories with a trailing `/` (only when asked for). */
  ignored: string[];
}

/**
 * Pure: `git status --porcelain=v2 -z --branch` output. Entries: `# branch.oid <commit|(initial)>`
 * and other headers; `1 XY sub mH mI mW hH hI path`; `2 XY sub mH mI mW hH hI Xscore path` followed
 * by the original path as its own field; `u XY sub m1 m2 m3 mW h1 h2 h3 path`; `? path`; `! path`.
 */
export function parseStatusV2(out: string): WorktreeStatus {
  const fields = out.split('\0');
  let head: string | null = null;
  let branch: string | null = null;
  const dirty = new Set<string>();
  const entries: StatusEntry[] = [];
  const ignored: string[] = [];
  // The path follows a fixed number of space-separated fields (paths may hold spaces).
  const pathAfter = (entry: string, spaces: number) => {
    let at = -1;
    for (let i = 0; i < spaces; i++) at = entry.indexOf(' ', at + 1);
    return entry.slice(at + 1);
  };
  const add = (entry: StatusEntry) => {
    dirty.add(entry.path);
    entries.push(entry);
  };
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i]!;
    if (entry.startsWith('# branch.oid ')) {
      const oid = entry.slice('# branch.oid '.length);
      head = oid === '(initial)' ? null : oid;
    } else if (entry.startsWith('# branch.head ')) {
      const name = entry.slice('# branch.head '.length);
      branch = name === '(detached)' ? null : name;
    } else if (entry.startsWith('1 ')) {
      const parts = entry.split(' ', 8);
      add({ path: pathAfter(entry, 8), kind: 'tracked', staged: entry[2] !== '.', indexOid: parts[7] ?? null });
    } else if (entry.startsWith('2 ')) {
      const parts = entry.split(' ', 8);
      add({ path: pathAfter(entry, 9), kind: 'renamed', staged: true, indexOid: parts[7] ?? null });
      add({ path: fields[++i]!, kind: 'renamed', staged: true, indexOid: null });
    } else if (entry.startsWith('u ')) add({ path: pathAfter(entry, 10), kind: 'unmerged', staged: true, indexOid: null });
    else if (entry.startsWith('? ')) add({ path: entry.slice(2), kind: 'untracked', staged: false, indexOid: null });
    else if (entry.startsWith('! ')) ignored.push(entry.slice(2));
  }
  return { head, branch, dirty: [...dirty].sort(), entries, ignored };
}

/**
 * Pure: `git diff --raw -z` output, records of `:oldmode newmode oldoid newoid STATUS` then one
 * path (two for a rename or copy, old first).
 */
export function parseRawDiff(out: string): ChangedPath[] {
  const fields = out.split('\0').filter((f) => f.length > 0);
  const changes: ChangedPath[] = [];
  for (let i = 0; i < fields.length; i++) {
    const [oldMode = '', newMode = '', , , code = ''] = fields[i]!.slice(1).split(' ');
    const letter = code[0];
    // A working-tree side has no blob yet (its oid is zeros) but does have its mode.
    const regularFile = REGULAR_FILE_MODES.has(newMode);
    const gitlink = oldMode === GITLINK_MODE || newMode === GITLINK_MODE ? { gitlink: true as const } : {};
    if (letter === 'R' || letter === 'C') {
      const previousPath = fields[++i]!;
      const path = fields[++i]!;
      changes.push({ status: letter === 'R' ? 'renamed' : 'copied', path, previousPath, similarity: Number(code.slice(1)), regularFile, ...gitlink });
    } else {
      const path = fields[++i]!;
      const status = letter === 'A' ? 'added' : letter === 'D' ? 'deleted' : letter === 'T' ? 'type-changed' : 'modified';
      changes.push({ status, path, regularFile: status !== 'deleted' && regularFile, ...gitlink });
    }
  }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Pure: what `git rev-parse F...T` printed (T, F, then ^ and each merge-base), or null unless
 * that is two commits and exactly one merge-base (`git merge-base` picks one of several).
 */
export function rangeCommits(lines: readonly string[]): RangeCommits | null {
  const [to = '', from = '', base = '', ...more] = lines;
  if (more.length > 0 || !FULL_ID.test(to) || !FULL_ID.test(from) || !base.startsWith('^') || !FULL_ID.test(base.slice(1))) return null;
  return { from, to, mergeBase: base.slice(1) };
}

/** What the link at `path` names on disk, or null when it is gone or no link. */
export function linkTarget(root: string, path: string): string | null {
  try {
    return readlinkSync(repoFilePath(root, path));
  } catch {
    return null;
  }
}

/**
 * The stamp of `.git/index` (size, mtime, inode), or null where the repository keeps it elsewhere
 * (a linked worktree, a submodule): git rewrites the file whenever it changes.
 */
function indexFileStamp(root: string): string | null {
  const info = statSync(join(root, '.git', 'index'), { throwIfNoEntry: false });
  return info?.isFile() ? `${info.size}:${info.mtimeMs}:${info.ino}` : null;
}

/** A literal for an extended regular expression. */
function escapeEre(text: string): string {
  return text.replace(/[.[\]()*+?{}|^$\\]/g, '\\$&');
}

/** The longest alternation one git grep expression gets (well under the kernel's 128 KiB for one argument). */
const GREP_EXPRESSION_BYTES = 32 * 1024;

/** `items` in order, in runs whose `|`-joined length stays within `bytes` (an item longer alone is a run of its own). */
export function chunkBySize(items: readonly string[], bytes: number): string[][] {
  const out: string[][] = [];
  let run: string[] = [];
  let size = 0;
  for (const item of items) {
    if (run.length > 0 && size + 1 + item.length > bytes) {
      out.push(run);
      run = [];
      size = 0;
    }
    size += (run.length > 0 ? 1 : 0) + item.length;
    run.push(item);
  }
  if (run.length > 0) out.push(run);
  return out;
}

/** A character a path spelled outside a string may hold. */
const PATH_CHAR = /[A-Za-z0-9_.\/@+-]/;

/** Quotes, as a bracket expression's items (in a POSIX bracket expression a backslash stands for itself). */
const QUOTES = `\\'"\``;

/** An extended regular expression for `name` (one: escaped) ending a path: after a slash, before a character no file name holds. */
function asPathEndPattern(name: string): string {
  return `/${name}([^A-Za-z0-9_.-]|$)`;
}

/** An extended regular expression for `name` (one: escaped) ending a string, as a file name a path ends with does. */
function asStringEndPattern(name: string): string {
  return `(^|[/${QUOTES}])${name}['"\`]`;
}

/**
 * An extended regular expression for `name` opening a string, then ending it or going on with `.`
 * or `:` (`"shop.log.Keep"`, `'shop.main:app'`). Quotes only: a backtick opens no string a dotted
 * name is loaded from, and reStructuredText docstrings cite modules in them (`` `shop.log.Keep` ``).
 */
function asStringStartPattern(name: string): string {
  return `['"]${name}[.:'"]`;
}

/**
 * An extended regular expression for a dotted `name` standing whole, quoted or not
 * (`class=shop.log.Keep`, `!!python/object:shop.model.Point`), not part of a longer name
 * (`myshop.log`, `shop.logs`) but for one letter before it: a serialized object may put an opcode
 * there (a pickle's `(cshop.model`), or a length byte, which is seldom a letter.
 */
function asDottedNamePattern(name: string): string {
  return `(^|[^A-Za-z0-9_.])[A-Za-z]?${name}([^A-Za-z0-9_]|$)`;
}

/**
 * An extended regular expression for `path` standing as a path in text, not as part of a longer
 * name (`mydocs/rules`, `docs/rules_old`). Its segments may stand in strings of their own, joined
 * on one line (`path.join(__dirname, '..', 'docs', 'rules')`, `Path(...) / "docs" / "rules"`). A
 * path of one segment is also a word (`const docs = ...`, `'renders the docs'`): it stands as a
 * path only when a slash follows it, or when it is bounded on both sides by a slash, a backslash,
 * a quote, a placeholder or a line's start or end (`'docs'`, `${root}docs`, `/docs`). A command
 * naming the bare folder before a space (`cp -r docs out`) is not found that way.
 */
function asPathPattern(path: string): string {
  const outsideName = '(^|[^A-Za-z0-9_.-])';
  if (path.includes('/')) {
    const between = `(/|[${QUOTES}][[:space:]]*[,/][[:space:]]*[${QUOTES}])`;
    return `${outsideName}${path.split('/').join(between)}([^A-Za-z0-9_.-]|$)`;
  }
  return `${outsideName}${path}/|(^|[/}${QUOTES}])${path}([/$${QUOTES}]|$)`;
}

/**
 * Reads one line git grep found for filesContainingEach: the known texts it shows, each with how it
 * is spelled. For a string's end, at every quote some text ends at, the path the string spells from
 * its opening (no quote or space in it) and every known text that path ends with after a slash
 * (`"scripts/gen.py"`: gen.py, and scripts/gen.py where known); for a string's opening, the longest
 * known name after a quote and before a dot, colon or quote, and the shorter known names ending at a
 * dot or colon of it (`"shop.log.`: shop.log, shop). A matcher finds a text only where its way's
 * expression (TEXT_PATTERNS) matches the line, so lines another way found add nothing false.
 */
function textMatcher(texts: readonly string[], as: TextWay): (line: string) => [string, string][] {
  const known = new Set(texts);
  // The longest first: a JavaScript alternation takes the first alternative that matches.
  // escapeEre's metacharacters are JavaScript's too.
  const alternatives = [...texts].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).map(escapeEre).join('|');
  if (as === 'pathEnd') {
    const ends = new RegExp(`(?<=/)(?:${alternatives})(?![A-Za-z0-9_.-])`, 'g');
    return (line) =>
      [...line.matchAll(ends)].map((m): [string, string] => {
        let start = m.index ?? 0;
        while (start > 0 && PATH_CHAR.test(line[start - 1]!)) start--;
        return [m[0], line.slice(start, (m.index ?? 0) + m[0].length)];
      });
  }
  if (as === 'stringEnd') {
    const ends = new RegExp(`(?:${alternatives})['"\`]`, 'g');
    return (line) => {
      const out: [string, string][] = [];
      for (const m of line.matchAll(ends)) {
        const end = (m.index ?? 0) + m[0].length - 1;
        let start = end;
        while (start > 0 && !QUOTE_CHARS.has(line[start - 1]!) && !/\s/.test(line[start - 1]!)) start--;
        const spelled = line.slice(start, end);
        // The whole spelling is a name only after a quote or at the line's start, as the expression
        // has it: `'node gen.js'` does not end a path with gen.js.
        const whole = start === 0 || QUOTE_CHARS.has(line[start - 1]!);
        for (let i = 0; i < spelled.length; i++) if ((i === 0 ? whole : spelled[i - 1] === '/') && known.has(spelled.slice(i))) out.push([spelled.slice(i), spelled]);
      }
      return out;
    };
  }
  const opens = new RegExp(`['"](${alternatives})[.:'"]`, 'g');
  return (line) => {
    const out: [string, string][] = [];
    for (const m of line.matchAll(opens)) {
      const name = m[1]!;
      out.push([name, name]);
      for (let i = 0; i < name.length; i++) if ((name[i] === '.' || name[i] === ':') && known.has(name.slice(0, i))) out.push([name.slice(0, i), name]);
    }
    return out;
  };
}

/** The characters QUOTES lists (a bracket expression's items are its characters). */
const QUOTE_CHARS = new Set(QUOTES);

/** The ways filesContainingEach looks for a text: ending a string, opening one, ending a path. */
export type TextWay = 'stringEnd' | 'stringStart' | 'pathEnd';

/** The ways filesContaining looks for a text, as extended regular expressions of the text escaped (escapeEre, which leaves `/` alone). */
const TEXT_PATTERNS = { path: asPathPattern, stringEnd: asStringEndPattern, stringStart: asStringStartPattern, dottedName: asDottedNamePattern, pathEnd: asPathEndPattern };
