/**
 * A project file: configuration that shapes resolution (package.json, tsconfig.json), stored as read
 * from the indexed tree so that resolution is a function of the index alone. Which files count is
 * up to the language adapters (src/lang/registry.ts `projectFileReader`).
 */
export interface ProjectFile {
  /** Repo-relative, forward slashes. */
  path: string;
  /** Git blob id of the content. */
  hash: string;
  /** Empty for a file only its text could make one (ProjectFileTraits.mayMatch) that is not. */
  text: string;
}
