import { relationCommand } from '../cli/query-command.js';

export default relationCommand('callees');
