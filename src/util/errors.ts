/** Process exit codes, documented in the README. Never derived from a count. */
export const ExitCode = {
  Ok: 0,
  /** A gate the user asked for tripped. */
  GateFailed: 1,
  /** Bad input: bad ref or range, not a repository, bad flag, bad config. */
  UserError: 2,
  /** A bug in ratlas. */
  Internal: 3,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export interface RatlasErrorOptions {
  /** What to do next, shown as "Try this". */
  hint?: string;
  exit?: ExitCode;
  cause?: unknown;
}

/**
 * An error ratlas expected: it has a stable code (tests assert on it), a message that names what
 * failed and the value involved, and a hint with the next step.
 */
export class RatlasError extends Error {
  readonly code: string;
  readonly hint: string | undefined;
  readonly exit: ExitCode;

  constructor(code: string, message: string, options: RatlasErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RatlasError';
    this.code = code;
    this.hint = options.hint;
    this.exit = options.exit ?? ExitCode.UserError;
  }
}

export function isRatlasError(error: unknown): error is RatlasError {
  return error instanceof RatlasError;
}
