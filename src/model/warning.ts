/** Something the user should know that did not stop the run: shown by every renderer. */
export interface Warning {
  /** Stable id (`artifact-corrupt`, `parse-timeout`, ...). */
  code: string;
  message: string;
  file?: string;
}
