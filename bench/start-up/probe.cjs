// Preloaded with `node --require`: prints on stderr, at exit, when the process first ran git (its
// first git read) and when it ended, each as wall milliseconds since the process started and the
// process's CPU milliseconds (user + system, every thread) by then, so that a loaded machine can
// still compare two builds:  `probe first-git <wall> <cpu> exit <wall> <cpu>`.
const childProcess = require('node:child_process');
const { syncBuiltinESMExports } = require('node:module');
const { performance } = require('node:perf_hooks');

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
let firstGit;
for (const name of ['spawn', 'execFile', 'execFileSync', 'spawnSync']) {
  const original = childProcess[name];
  childProcess[name] = function (command, ...rest) {
    if (firstGit === undefined && /(^|\/)git$/.test(String(command))) firstGit = [performance.now(), cpuMs()];
    return original.call(this, command, ...rest);
  };
}
// ES modules that import node:child_process see the wrapped functions too.
syncBuiltinESMExports();
process.on('exit', () => {
  const git = firstGit ? `${firstGit[0].toFixed(1)} ${firstGit[1].toFixed(1)}` : '- -';
  process.stderr.write(`probe first-git ${git} exit ${performance.now().toFixed(1)} ${cpuMs().toFixed(1)}\n`);
});
