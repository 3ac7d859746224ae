import { describe, expect, it } from 'vitest';
import { callEdges, resolveTree } from '../helpers/resolve-tree.js';

// axios's lib/utils.js: `export default { forEach, isUndefined, … }`, used as `utils.forEach()`.
describe('members of a default-exported object literal', () => {
  it('links utils.name() to the declaration the literal lists under that name', async () => {
    const tree = await resolveTree({
      'lib/utils.js': [
        'const typeOfTest = (type) => (thing) => typeof thing === type;',
        "const isUndefined = typeOfTest('undefined');",
        'function forEach(obj, fn) {}',
        'export default { isUndefined, forEach, each: forEach };',
      ].join('\n'),
      'lib/core.js': "import utils from './utils.js';\nexport function run(x) {\n  utils.forEach(x);\n  utils.each(x);\n  utils.isUndefined(x);\n  utils.missing(x);\n}\n",
    });
    // forEach (line 3), each: forEach (line 4), isUndefined; nothing for a name the literal lacks.
    expect(callEdges(tree).filter((e) => e.startsWith('lib/core.js'))).toEqual([
      'lib/core.js#run -> lib/utils.js#forEach (import)',
      'lib/core.js#run -> lib/utils.js#forEach (import)',
      'lib/core.js#run -> lib/utils.js#isUndefined (import)',
    ]);
    expect(tree.edges.filter((e) => e.from === 'lib/core.js#run' && e.line === 4).map((e) => e.to)).toEqual(['lib/utils.js#forEach']);
  });
});
