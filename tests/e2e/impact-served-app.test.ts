import { describe, expect, it } from 'vitest';
import { gitRepo } from '../helpers/git-repo.js';
import { impactOfCommit, selectedFiles } from './impact-helpers.js';

// A browser runner's end-to-end tests import none of the application: they visit the pages its
// web server builds and serves from the project's files. Unit tests beside them import what they test.

const APP = {
  'package.json': '{ "name": "web", "private": true, "type": "module", "devDependencies": { "vitest": "1.0.0", "vite": "5.0.0", "@playwright/test": "1.40.0" } }\n',
  'vitest.config.ts': "export default { test: { include: ['src/**/*.test.ts'] } };\n",
  'playwright.config.ts': "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: './e2e', webServer: { command: 'npx vite', url: 'http://localhost:5173' } });\n",
  'index.html': '<script type="module" src="/src/main.ts"></script>\n',
  'README.md': '# web\n',
  'src/main.ts': "import { title } from './title';\ndocument.body.textContent = title();\n",
  'src/title.ts': "export const title = () => 'one';\n",
  'src/title.test.ts': "import { title } from './title';\ntest('title', () => { expect(title()).toBe('one'); });\n",
  'src/sum.ts': 'export const sum = (a: number, b: number) => a + b;\n',
  'src/sum.test.ts': "import { sum } from './sum';\ntest('sum', () => { expect(sum(1, 2)).toBe(3); });\n",
  'e2e/home.spec.ts': "import { test, expect } from '@playwright/test';\ntest('home', async ({ page }) => { await page.goto('/'); await expect(page.locator('body')).toHaveText('one'); });\n",
  'e2e/about.spec.ts': "import { test } from '@playwright/test';\ntest('about', async ({ page }) => { await page.goto('/about'); });\n",
};

describe('ratlas impact: end-to-end tests run the application they visit', { timeout: 240_000 }, () => {
  it('selects every Playwright spec for a change to what the server serves, and none for tests or documents', async () => {
    const cwd = gitRepo(APP);
    const selected = async (message: string, tree: Record<string, string>) => selectedFiles(await impactOfCommit(cwd, message, tree));
    const specs = ['e2e/about.spec.ts', 'e2e/home.spec.ts'];
    expect(await selected('source', { 'src/title.ts': "export const title = () => 'two';\n" })).toEqual([...specs, 'src/title.test.ts']);
    // A page no code names: every test runs (a unit test may read it by a path no search finds), the specs among them.
    const page = await impactOfCommit(cwd, 'page', { 'index.html': '<script type="module" src="/src/main.ts"></script>\n<title>web</title>\n' });
    expect([page.tests.runAll, selectedFiles(page)]).toEqual([true, specs]);
    expect(await selected('unit test', { 'src/sum.test.ts': "import { sum } from './sum';\ntest('sum', () => { expect(sum(2, 2)).toBe(4); });\n" })).toEqual(['src/sum.test.ts']);
    expect(await selected('spec', { 'e2e/about.spec.ts': "import { test } from '@playwright/test';\ntest('about', async ({ page }) => { await page.goto('/about/'); });\n" })).toEqual(['e2e/about.spec.ts']);
    expect(await selected('docs', { 'README.md': '# web app\n' })).toEqual([]);
  });
});

const STORIES = {
  'package.json': '{ "name": "ui", "private": true, "type": "module", "devDependencies": { "@storybook/test-runner": "0.16.0", "@storybook/react-vite": "8.0.0" } }\n',
  '.storybook/main.ts': "export default { stories: ['../src/**/*.stories.@(ts|tsx)'], framework: '@storybook/react-vite' };\n",
  '.storybook/preview.tsx': 'export default { parameters: {} };\n',
  'src/Button.tsx': 'export const Button = ({ label }: { label: string }) => <button>{label}</button>;\n',
  'src/Button.stories.tsx': "import { Button } from './Button';\nexport default { component: Button };\nexport const Primary = { args: { label: 'one' } };\n",
  'src/Card.tsx': 'export const Card = () => <div>card</div>;\n',
  'src/Card.stories.tsx': "import { Card } from './Card';\nexport default { component: Card };\nexport const Plain = {};\n",
};

describe('ratlas impact: Storybook test runners run every story as a test', { timeout: 240_000 }, () => {
  it('selects the stories of a changed component, and every story for a changed preview', async () => {
    const cwd = gitRepo(STORIES);
    const button = await impactOfCommit(cwd, 'button', { 'src/Button.tsx': 'export const Button = ({ label }: { label: string }) => <button>{label.trim()}</button>;\n' });
    expect(selectedFiles(button)).toEqual(['src/Button.stories.tsx']);
    const preview = await impactOfCommit(cwd, 'preview', { '.storybook/preview.tsx': 'export default { parameters: { layout: "centered" } };\n' });
    expect(preview.tests.runAll ? preview.tests.all : selectedFiles(preview)).toEqual(['src/Button.stories.tsx', 'src/Card.stories.tsx']);
  });
});
