import CacheList from '../commands/cache-list.js';
import CachePrune from '../commands/cache-prune.js';
import Doctor from '../commands/doctor.js';
import Export from '../commands/export.js';
import Impact from '../commands/impact.js';
import Index from '../commands/index-command.js';
import Init from '../commands/init.js';
import QueryCallees from '../commands/query-callees.js';
import QueryCallers from '../commands/query-callers.js';
import QueryContext from '../commands/query-context.js';
import QueryMap from '../commands/query-map.js';
import QuerySymbol from '../commands/query-symbol.js';
import Status from '../commands/status.js';

/**
 * The commands of the CLI bundled with the GitHub Action (action-dist/ratlas.js): every command of
 * src/commands.ts but `mcp`, a server for coding agents that a CI step has no use for and whose
 * tokenizer tables would quadruple the bundle. Not derived from COMMANDS, because importing that
 * module would bundle mcp; tests/action/bundle-commands.test.ts keeps the two lists in step.
 */
export const BUNDLE_COMMANDS = {
  index: Index,
  status: Status,
  export: Export,
  impact: Impact,
  doctor: Doctor,
  init: Init,
  'query:map': QueryMap,
  'query:context': QueryContext,
  'query:symbol': QuerySymbol,
  'query:callers': QueryCallers,
  'query:callees': QueryCallees,
  'cache:list': CacheList,
  'cache:prune': CachePrune,
};
