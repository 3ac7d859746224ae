/**
 * Runs buildIndex in a process of its own (for tests of concurrent writers and crashes):
 *   node --import tsx tests/helpers/index-process.ts '<BuildIndexOptions as JSON>'
 * Prints the IndexResult as JSON.
 */
import { buildIndex, type BuildIndexOptions } from '../../src/pipeline/build-index.js';

const options = JSON.parse(process.argv[2]!) as BuildIndexOptions;
process.stdout.write(JSON.stringify(await buildIndex(options)));
