import { describe, expect, it } from 'vitest';
import { commandModules } from '../../src/lang/ecmascript/command-modules.js';

const scopes = (path: string, ...lines: string[]) => commandModules(path, `${lines.join('\n')}\n`);
const anywhere = (stem: string) => ['', '.cjs', '.js', '.mjs', '.ts', '.tsx'].map((ext) => `**/${stem}${ext}`);

describe('commandModules: what a command-line framework runs or loads by convention', () => {
  it("commander's executable subcommand: <program>-<sub> beside the script, by the program's name and the script's", () => {
    expect(scopes('bin/cli.js', "const program = new Command('cli');", "program.command('sync [x]', 'sync things');", 'program.parse(process.argv);')).toEqual(
      ['bin/cli-sync*', ...anywhere('cli-sync')].sort(),
    );
    expect(scopes('bin/index.js', "const program = new Command().name('acme');", "program.command('deploy <env>', 'deploy');")).toEqual(['bin/acme-deploy*', 'bin/index-deploy*', ...anywhere('acme-deploy')].sort());
    // No name given: the script's, beside it only.
    expect(scopes('bin/pm.mjs', 'const program = new Command();', "program.command('list', 'list');", 'program.parse();')).toEqual(['bin/pm-list*']);
  });

  it('executableDir from the script (a literal, a URL, a path joined from __dirname) and executableFile', () => {
    expect(scopes('src/cli.js', "program.executableDir('commands');", "program.command('build', 'build it', { executableFile: 'build-cmd' });")).toEqual(
      ['src/commands/build-cmd*', ...anywhere('commands/build-cmd')].sort(),
    );
    expect(scopes('bin/tool.js', "new Command('tool').executableDir('../libexec').command('gc', 'collect');")).toEqual(['libexec/tool-gc*', ...anywhere('libexec/tool-gc')].sort());
    expect(scopes('src/cli.mjs', "program.executableDir(fileURLToPath(new URL('./commands', import.meta.url)));", "program.command('sync', 'sync', { executableFile: 'sync.mjs' });")).toEqual(['src/commands/sync.mjs*']);
  });

  it('a program name or a folder the text does not spell: the whole folder, or everything', () => {
    expect(scopes('bin/cli.js', 'program.name(pkg.name);', "program.command('sync', 'sync');")).toEqual(['bin']);
    expect(scopes('bin/cli.js', 'program.executableDir(process.env.DIR);', "program.command('sync', 'sync');")).toEqual(['']);
    // An unnamed program another file parses: the script's name and folder are unknown here.
    expect(scopes('lib/program.js', 'const program = new Command();', "program.command('sync', 'sync');", 'module.exports = program;')).toEqual(['']);
  });

  it('nothing for commands with action handlers (no description as the second argument)', () => {
    expect(scopes('bin/cli.js', "program.command('sync').description('sync').action(run);", "program.command('build <x>').action(build);")).toEqual([]);
    expect(scopes('bin/cli.js', "program.command('sync', { hidden: true }).action(run);")).toEqual([]);
  });

  it("yargs's commandDir and the packages requiring a folder into an object, from the calling file", () => {
    expect(scopes('src/cli.js', "yargs(args).commandDir('cmds', { recurse: true }).parse();")).toEqual(['src/cmds']);
    expect(scopes('bin/cli.js', "yargs(hideBin(process.argv)).commandDir('../lib/commands').parse();")).toEqual(['lib/commands']);
    expect(scopes('src/cli.js', "yargs(args).commandDir(path.join(__dirname, 'commands'), { extensions: ['js', 'cjs'] });")).toEqual(['src/commands']);
    expect(scopes('lib/handlers/index.js', 'module.exports = requireDirectory(module);')).toEqual(['lib/handlers']);
    expect(scopes('src/app.js', "const routes = requireDirectory(module, './routes', { recurse: true });")).toEqual(['src/routes']);
    expect(scopes('lib/index.js', "module.exports.rules = requireIndex(__dirname + '/rules');")).toEqual(['lib/rules']);
    expect(scopes('app.js', "const controllers = requireAll({ dirname: __dirname + '/controllers', filter: /(.+)\\.js$/ });")).toEqual(['controllers']);
    expect(scopes('src/cli.js', 'yargs(args).commandDir(dir);')).toEqual(['']);
  });

  it("gluegun's src, plugin and plugins folders, in a file importing it", () => {
    expect(scopes('src/cli.js', "const { build } = require('gluegun');", "const cli = build().brand('movie').src(__dirname).plugins('./node_modules', { matching: 'movie-*' }).create();")).toEqual(['src', 'src/node_modules']);
    expect(scopes('gulpfile.js', "gulp.src('src/*.js').pipe(dest('out'));")).toEqual([]);
  });

  it("@fastify/autoload's dir; another register call only with a folder its text bounds", () => {
    const app = (...lines: string[]) => scopes('src/app.js', "import AutoLoad from '@fastify/autoload';", ...lines);
    expect(app("fastify.register(AutoLoad, { dir: path.join(__dirname, 'plugins'), options: Object.assign({}, opts) });", "fastify.register(AutoLoad, { dir: join(import.meta.dirname, 'routes') });")).toEqual(['src/plugins', 'src/routes']);
    expect(app('fastify.register(AutoLoad, { dir: opts.dir });')).toEqual(['']);
    expect(scopes('src/app.js', 'app.register(plugin, { dir: opts.dir });', "app.register(cors, { origin: '*' });")).toEqual([]);
  });
});
