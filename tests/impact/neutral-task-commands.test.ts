import { describe, expect, it } from 'vitest';
import { neutralTaskCommands } from '../../src/pipeline/impact/policies/neutral-task-commands.js';

// actions/typescript-action's check-dist workflow, as actions/checkout carries it (abridged).
const CHECK_DIST = `# \`dist/index.js\` is a special file in Actions.
# We need to make sure the checked-in \`index.js\` actually matches what we expect it to be.
name: Check dist
on:
  pull_request:
jobs:
  check-dist:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Rebuild the index.js file
        run: npm run build
      - name: Compare the expected and actual dist/ directories
        run: |
          # a comment in the script: index.js
          git diff --exit-code dist/
      - uses: actions/upload-artifact@v4
        with:
          name: index.js
          path: dist/
`;

describe('neutralTaskCommands: the part of a CI file or a makefile that may run a script', () => {
  it('drops a workflow\u2019s comments and the names of its workflow, jobs and steps', () => {
    const commands = neutralTaskCommands('.github/workflows/check-dist.yml', CHECK_DIST)!;
    expect(commands).not.toContain('dist/index.js');
    expect(commands).not.toContain('Rebuild');
    expect(commands).toContain('npm run build');
    expect(commands).toContain('git diff --exit-code dist/');
  });

  it('keeps a name handed to an action (`with:`) and what a step runs', () => {
    const commands = neutralTaskCommands('.github/workflows/check-dist.yml', CHECK_DIST)!;
    // The upload step's `with: name:` is an input of the action, not a label.
    expect(commands.split('\n')).toContain('index.js');
    const run = neutralTaskCommands('.gitlab-ci.yml', 'test:\n  script:\n    - node scripts/gen.mjs\n    - npm test\n')!;
    expect(run).toContain('scripts/gen.mjs');
  });

  it('keeps a shell comment inside a block scalar as YAML reads it (the whole block is one value)', () => {
    // The block is one string to YAML; its `#` line stays, which only keeps more.
    expect(neutralTaskCommands('.github/workflows/check-dist.yml', CHECK_DIST)).toContain('# a comment in the script: index.js');
  });

  it('drops a makefile\u2019s comment lines, keeps its recipes', () => {
    const commands = neutralTaskCommands('Makefile', '# runs scripts/old.py once\ntest:\n\tpython scripts/gen.py && pytest\n')!;
    expect(commands).not.toContain('old.py');
    expect(commands).toContain('scripts/gen.py');
  });

  it('answers null (the whole text counts) for YAML that does not parse and for other files', () => {
    expect(neutralTaskCommands('.github/workflows/ci.yml', 'jobs: [unclosed\n  - node gen.js')).toBeNull();
    expect(neutralTaskCommands('Jenkinsfile', "sh 'node gen.js'")).toBeNull();
    // Aliases nested past the yaml package's bound: the whole text counts, nothing is expanded.
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${'bcdefghi'[i]}: &${'bcdefghi'[i]} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(', ')}]`)].join('\n');
    expect(neutralTaskCommands('.github/workflows/ci.yml', `${bomb}\n`)).toBeNull();
  });
});
