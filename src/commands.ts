import CacheList from './commands/cache-list.js';
import CachePrune from './commands/cache-prune.js';
import Doctor from './commands/doctor.js';
import Export from './commands/export.js';
import Impact from './commands/impact.js';
import Index from './commands/index-command.js';
import Init from './commands/init.js';
import Mcp from './commands/mcp.js';
import QueryCallees from './commands/query-callees.js';
import QueryCallers from './commands/query-callers.js';
import QueryContext from './commands/query-context.js';
import QueryMap from './commands/query-map.js';
import QuerySymbol from './commands/query-symbol.js';
import Status from './commands/status.js';

/** Every `ratlas` command, by name (oclif's explicit command discovery: see package.json). */
export const COMMANDS = {
  index: Index,
  status: Status,
  export: Export,
  impact: Impact,
  mcp: Mcp,
  init: Init,
  doctor: Doctor,
  'cache:list': CacheList,
  'cache:prune': CachePrune,
  'query:map': QueryMap,
  'query:context': QueryContext,
  'query:symbol': QuerySymbol,
  'query:callers': QueryCallers,
  'query:callees': QueryCallees,
};
