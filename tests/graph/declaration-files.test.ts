import { describe, expect, it } from 'vitest';
import { callEdges, resolveTree } from '../helpers/resolve-tree.js';

// Issue 21, item 5 of the brief: a declaration file beside the implementation (preact's
// src/index.d.ts beside src/index.js) is what TypeScript picks for an extensionless import, the
// implementation for a `paths` target written with its extension; and merged declarations there.
const DECLARATIONS = [
  'export interface Component<P> { componentDidMount?(): void; }',
  'export abstract class Component<P> {',
  '  constructor(props?: P);',
  '  setState(state: object): void;',
  '}',
  'export function render(vnode: unknown): void;',
].join('\n');
const IMPLEMENTATION = "export function render(vnode) {}\nexport { BaseComponent as Component } from './component.js';\n";

describe('declaration files beside implementations', () => {
  it('links super() to the class of a class and interface merged in a declaration file, not the interface', async () => {
    const tree = await resolveTree({
      'src/index.d.ts': DECLARATIONS,
      'src/index.js': IMPLEMENTATION,
      'src/component.js': 'export function BaseComponent(props) { this.props = props; }\n',
      'test/app.test.jsx': [
        "import { Component } from '../src';",
        'class App extends Component {',
        '  constructor() { super(); this.setState({}); }',
        '}',
      ].join('\n'),
    });
    expect(callEdges(tree)).toEqual([
      'test/app.test.jsx#App.constructor -> src/index.d.ts#Component (member)',
      'test/app.test.jsx#App.constructor -> src/index.d.ts#Component.setState (member)',
    ]);
  });

  it('takes a `paths` target written with its extension as that file, an extensionless one as TypeScript orders it', async () => {
    const base = {
      'src/index.d.ts': DECLARATIONS,
      'src/index.js': IMPLEMENTATION,
      'src/component.js': 'export function BaseComponent(props) { this.props = props; }\n',
      'demo/app.jsx': "import { render } from 'preact';\nrender(null);\n",
    };
    const withExtension = await resolveTree({ ...base, 'demo/tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "preact": ["../src/index.js"] } } }' });
    expect(callEdges(withExtension)).toEqual(['demo/app.jsx#<module> -> src/index.js#render (import)']);
    const without = await resolveTree({ ...base, 'demo/tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "preact": ["../src/index"] } } }' });
    expect(callEdges(without)).toEqual(['demo/app.jsx#<module> -> src/index.d.ts#render (import)']);
  });

  it('gives the members of what `export =` exports as the names of the module', async () => {
    const tree = await resolveTree({
      'compat/index.d.ts': ['export = React;', 'declare namespace React {', '  export function render(vnode: unknown): void;', '}'].join('\n'),
      'app/main.js': "const { render, hydrate } = require('../compat');\nrender(null);\nhydrate(null);\n",
    });
    // A name the namespace does not declare is no member of it: no call edge for hydrate.
    expect(callEdges(tree)).toEqual(['app/main.js#<module> -> compat/index.d.ts#React.render (import)']);
  });

  it('does not read a default export as the names of an ES module', async () => {
    const tree = await resolveTree({
      'src/api.ts': 'namespace Api { export function render() {} }\nexport default Api;\nexport function render() {}\n',
      'src/main.ts': "import { render } from './api';\nrender();\n",
    });
    expect(callEdges(tree)).toEqual(['src/main.ts#<module> -> src/api.ts#render (import)']);
  });
});
