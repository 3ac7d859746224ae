import { describe, expect, it } from 'vitest';
import { npmSeparateInstall } from '../../src/ecosystem/npm/separate-install.js';

const LOCK = '{ "lockfileVersion": 3 }\n';
const texts = (files: Record<string, string>) => new Map<string, string | null>(Object.entries(files));

describe('npmSeparateInstall: a folder installed on its own', () => {
  it('asks nothing of the root\u2019s manifest and lockfile, or of a file that is neither', () => {
    expect(npmSeparateInstall.witnesses('package-lock.json')).toEqual([]);
    expect(npmSeparateInstall.witnesses('website/README.md')).toEqual([]);
  });

  it('asks for the lockfiles beside the file and the workspace lists of every folder above', () => {
    const witnesses = npmSeparateInstall.witnesses('docs/site/package.json');
    expect(witnesses).toContain('docs/site/yarn.lock');
    expect(witnesses).toEqual(expect.arrayContaining(['docs/package.json', 'docs/pnpm-workspace.yaml', 'package.json', 'pnpm-workspace.yaml', 'lerna.json']));
  });

  it('is the folder where a lockfile lies beside the file and no list above names it', () => {
    expect(npmSeparateInstall.folder('website/package.json', texts({ 'website/yarn.lock': '# yarn\n', 'package.json': '{ "name": "lib" }' }))).toBe('website');
    expect(npmSeparateInstall.folder('website/package-lock.json', texts({ 'website/package-lock.json': LOCK, 'package.json': '{ "workspaces": ["packages/*"] }' }))).toBe('website');
  });

  it('is none without a lockfile beside the file (a workspace member, installed from above)', () => {
    expect(npmSeparateInstall.folder('packages/a/package.json', texts({ 'package.json': '{ "name": "lib" }' }))).toBeNull();
  });

  it('is none where a workspace list above names the folder, in any of its forms', () => {
    const site = { 'website/package-lock.json': LOCK };
    expect(npmSeparateInstall.folder('website/package-lock.json', texts({ ...site, 'package.json': '{ "workspaces": ["website"] }' }))).toBeNull();
    expect(npmSeparateInstall.folder('website/package-lock.json', texts({ ...site, 'package.json': '{ "workspaces": { "packages": ["./website/"] } }' }))).toBeNull();
    expect(npmSeparateInstall.folder('website/package-lock.json', texts({ ...site, 'pnpm-workspace.yaml': 'packages:\n  - "*"\n' }))).toBeNull();
    // pnpm-workspace.yaml without a list, and lerna's default `packages/*`.
    expect(npmSeparateInstall.folder('website/package-lock.json', texts({ ...site, 'pnpm-workspace.yaml': 'catalog: {}\n' }))).toBeNull();
    expect(npmSeparateInstall.folder('packages/site/package-lock.json', texts({ 'packages/site/package-lock.json': LOCK, 'lerna.json': '{ "version": "1.0.0" }' }))).toBeNull();
  });

  it('is none where a workspace list does not parse, and keeps a negated glob\u2019s folders in', () => {
    const site = { 'website/package-lock.json': LOCK };
    expect(npmSeparateInstall.folder('website/package-lock.json', texts({ ...site, 'package.json': '{ "workspaces": [' }))).toBeNull();
    expect(npmSeparateInstall.folder('website/package-lock.json', texts({ ...site, 'package.json': '{ "workspaces": ["*", "!website"] }' }))).toBeNull();
  });
});
