import CacheList from './commands/cache-list.js';
import CachePrune from './commands/cache-prune.js';
import Doctor from './commands/doctor.js';
import Export from './commands/export.js';
import Index from './commands/index-command.js';
import Status from './commands/status.js';

/** Every `ratlas` command, by name (oclif's explicit command discovery: see package.json). */
export const COMMANDS = {
  index: Index,
  status: Status,
  export: Export,
  doctor: Doctor,
  'cache:list': CacheList,
  'cache:prune': CachePrune,
};
