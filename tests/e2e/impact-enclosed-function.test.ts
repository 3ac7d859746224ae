import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, selectedFiles } from './impact-helpers.js';

const NAMES = "export function monthName(n) { return ['Jan', 'Feb'][n]; }\nexport function dayName(n) { return ['Mon', 'Tue'][n]; }\n";

describe('ratlas impact: functions local to another function', { timeout: 240_000 }, () => {
  it('a use on an unknown receiver elsewhere reaches a local function only when its value escapes', async () => {
    const cwd = gitRepo({
      'src/names.js': NAMES,
      // Only ever called: a local of format that no `x.month()` can reach.
      'src/format.js': "import { monthName } from './names.js';\nexport function format(dt) {\n  const month = (n) => monthName(n);\n  return month(dt.m);\n}\n",
      // Returned in an object: `x.day()` anywhere may be it.
      'src/handlers.js': "import { dayName } from './names.js';\nexport function handlers() {\n  const day = (n) => dayName(n);\n  return { day };\n}\n",
      'src/parse.js': 'export function parse(obj) { return obj.month() + obj.day(); }\n',
      'tests/format.test.js': "import { format } from '../src/format.js';\nformat({ m: 1 });\n",
      'tests/handlers.test.js': "import { handlers } from '../src/handlers.js';\nhandlers().day(1);\n",
      'tests/parse.test.js': "import { parse } from '../src/parse.js';\nparse({});\n",
    });
    const months = NAMES.replace("['Jan', 'Feb']", "['January', 'February']");
    commit(cwd, 'month names', { 'src/names.js': months });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/format.test.js']);
    commit(cwd, 'day names', { 'src/names.js': months.replace("['Mon', 'Tue']", "['Monday', 'Tuesday']") });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/handlers.test.js']);
    // The import floor: tests/parse.test.js never loads src/names.js (src/parse.js imports nothing),
    // so the unknown-receiver name match there cannot make it run the changed code.
  });
});
