import { expect, it } from 'vitest';
import { BUNDLE_COMMANDS } from '../../src/action/bundle-commands.js';
import { COMMANDS } from '../../src/commands.js';

it('the bundled CLI has every command of ratlas but mcp, as the same classes', () => {
  const { mcp, ...expected } = COMMANDS;
  expect(mcp).toBeDefined();
  expect(Object.keys(BUNDLE_COMMANDS).sort()).toEqual(Object.keys(expected).sort());
  for (const [name, command] of Object.entries(BUNDLE_COMMANDS)) expect(command, name).toBe(expected[name as keyof typeof expected]);
});
