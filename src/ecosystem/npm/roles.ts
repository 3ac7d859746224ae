import type { ProjectFileRoles } from '../types.js';

const SCRIPT = '{js,ts,mjs,cjs,mts,cts}';

/**
 * The npm ecosystem's project files and packages by role: data only, so that the configuration's
 * defaults (src/config/load-config.ts) and the adapter share one list.
 */
export const NPM_ROLES: ProjectFileRoles = {
  manifests: ['package.json'],
  taskFiles: [':(glob)**/package.json'],
  lockfiles: ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'bun.lockb'],
  runnerConfigs: [
    `**/{vitest,vite,jest,mocha,karma,playwright,playwright-ct,cypress,ava,babel,swc}.config.${SCRIPT}`,
    `**/vitest.{workspace,projects}.${SCRIPT}`,
    '**/{vitest,vite,jest}.config.json',
    '**/vitest.workspace.json',
    '**/.mocharc{,.*}',
    '**/.babelrc{,.*}',
    '**/.swcrc',
    '**/.nycrc{,.*}',
    '**/jest.preset.*',
    '**/angular.json',
    '**/karma.conf.{js,cjs,mjs,ts}',
    '**/tstyche{,.config}.json',
  ],
  toolchainPackages: ['vitest', '@vitest/*', 'vite', 'jest', 'jest-*', '@jest/*', 'ts-jest', 'babel-jest', 'mocha', 'ts-mocha', 'ava', 'tsd', 'tstyche', 'typescript', 'ts-node', 'tsx', 'esbuild', 'esbuild-*', '@swc/*', '@babel/*', 'babel-*', 'jsdom', 'happy-dom', 'reflect-metadata'],
  inertPackages: ['eslint', 'eslint-*', '@eslint/*', '@typescript-eslint/*', 'typescript-eslint', 'prettier', 'prettier-*', '@types/*', 'husky', 'lint-staged', '@commitlint/*', 'commitlint', '@changesets/*', 'typedoc', 'typedoc-*', 'markdownlint*'],
};
