import { describe, expect, it } from 'vitest';
import { npmEmbeddedImports } from '../../src/ecosystem/npm/embedded-imports.js';

describe('npmEmbeddedImports: what a component file imports', () => {
  it('reads every script block of a .vue or .svelte file and the frontmatter of an .astro file', () => {
    const vue = ["<script lang=\"ts\">\nexport { helper } from './helper'\n</script>", "<script setup>\nimport A, { b } from './A.vue'\nimport './side-effect'\nconst lazy = () => import('./Lazy.vue')\n</script>", "<template><A /></template>"].join('\n');
    expect(npmEmbeddedImports('src/App.vue', vue)).toEqual(['./helper', './A.vue', './side-effect', './Lazy.vue']);
    expect(npmEmbeddedImports('src/Page.astro', "---\nimport Layout from '../layouts/Layout.astro';\n---\n<Layout />\n")).toEqual(['../layouts/Layout.astro']);
    expect(npmEmbeddedImports('src/C.svelte', '<script context="module">\n  const x = require(\'./x\');\n</script>')).toEqual(['./x']);
  });

  it('none for other files, and no import in the markup', () => {
    expect(npmEmbeddedImports('src/a.ts', "import x from './x'")).toBeNull();
    expect(npmEmbeddedImports('src/B.vue', "<template><p>import x from './x'</p></template>")).toEqual([]);
  });
});
