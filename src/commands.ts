import Export from './commands/export.js';
import Index from './commands/index-command.js';
import Mcp from './commands/mcp.js';
import Status from './commands/status.js';

/** Every `ratlas` command, by name (oclif's explicit command discovery: see package.json). */
export const COMMANDS = {
  index: Index,
  status: Status,
  export: Export,
  mcp: Mcp,
};
