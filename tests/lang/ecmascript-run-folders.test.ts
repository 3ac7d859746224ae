import { describe, expect, it } from 'vitest';
import { ecmascriptRunFolders } from '../../src/lang/ecmascript/load-dirs.js';

const run = (path: string, ...lines: string[]) => ecmascriptRunFolders(path, `${lines.join('\n')}\n`);

describe('ecmascriptRunFolders: folders a file runs code from by a computed name', () => {
  it('a worker or a child process started on a path joined from a literal folder and a computed name', () => {
    expect(run('src/pool.js', "const { Worker } = require('worker_threads');", "const path = require('path');", "exports.run = (name) => new Worker(path.join(__dirname, 'workers', name + '.js'));")).toEqual(['src/workers']);
    expect(run('src/run.js', "const { fork } = require('child_process');", "exports.run = (job) => fork(path.join(__dirname, '..', 'jobs', `${job}.js`));")).toEqual(['jobs']);
    expect(run('src/run.js', "const cp = require('child_process');", 'exports.run = (job) => cp.fork(`${__dirname}/jobs/${job}.js`);')).toEqual(['src/jobs']);
    expect(run('src/pool.mjs', "import { Worker } from 'node:worker_threads';", 'export const run = (name) => new Worker(new URL(`./workers/${name}.js`, import.meta.url));')).toEqual(['src/workers']);
    expect(run('src/pool.mjs', "export const run = (name) => new Worker(new URL('../workers/' + name + '.js', import.meta.url));")).toEqual(['workers']);
    expect(run('src/run.js', "const { spawn } = require('child_process');", "exports.run = (job) => spawn(process.execPath, [path.join(__dirname, 'jobs', job)]);")).toEqual(['src/jobs']);
  });

  it('the text of such a file evaluated: vm, new Function, eval; also through a name bound once', () => {
    expect(run('src/eval.js', "const vm = require('vm');", "exports.apply = (name, price) => vm.runInNewContext(fs.readFileSync(path.join(__dirname, '..', 'rules', name + '.js'), 'utf8'), { price });")).toEqual(['rules']);
    expect(run('src/rules.js', "exports.run = (name, price) => new Function('price', fs.readFileSync(path.join(__dirname, 'rules', name + '.js'), 'utf8'))(price);")).toEqual(['src/rules']);
    expect(run('src/rules.js', 'function load(name) {', "  const source = fs.readFileSync(path.join(__dirname, 'rules', name), 'utf8');", '  return eval(source);', '}')).toEqual(['src/rules']);
  });

  it('nothing for a path all literal (a file), one read and not run, or one not built from the file', () => {
    expect(run('src/pool.js', "new Worker(path.join(__dirname, 'workers', 'sq.js'));")).toEqual([]);
    expect(run('src/data.js', "exports.load = (name) => JSON.parse(fs.readFileSync(path.join(__dirname, 'data', name + '.json'), 'utf8'));")).toEqual([]);
    expect(run('src/run.js', "exports.run = (dir, job) => fork(path.join(dir, 'jobs', job));")).toEqual([]);
    expect(run('src/run.js', "exports.run = (job) => spawn('git', [path.join(__dirname, 'jobs', job)]);")).toEqual([]);
  });
});
