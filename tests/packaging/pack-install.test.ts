import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { gitRepo } from '../helpers/git-repo.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the published package', () => {
  // npm pack + install + a first index: over a minute on a loaded two-core machine.
  it('installs from its tarball into an empty folder and indexes a repository', { timeout: 240_000 }, () => {
    const work = mkdtempSync(join(tmpdir(), 'ratlas-pack-'));
    onTestFinished(() => rmSync(work, { recursive: true, force: true }));
    // dist/ is already built (npm ci runs `prepare`); pack what would be published.
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: ROOT, stdio: 'pipe' });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
    const app = join(work, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), '{"name":"consumer","version":"1.0.0","private":true}\n');
    execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, tarball)], { cwd: app, stdio: 'pipe' });

    const repo = gitRepo({ 'src/util.ts': 'export function double(n: number) { return n * 2; }\n', 'src/app.jsx': 'export const App = () => <div />;\n' });
    const bin = join(app, 'node_modules', '.bin', 'ratlas');
    const out = execFileSync(bin, ['index', '--format', 'json'], { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const result = JSON.parse(out);
    expect(result.files).toMatchObject({ total: 2, ok: 2 });
    expect(result.symbols).toBe(2);
  });
});
