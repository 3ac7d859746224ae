import { isRatlasError } from '../util/errors.js';
import { cacheStep } from './cache-step.js';
import { commentStep } from './comment-step.js';
import { impactStep } from './impact-step.js';
import { prepareStep } from './prepare-step.js';
import { annotation } from './workflow-commands.js';

/**
 * The GitHub Action's runtime (action-dist/action.js): `node action.js STEP`, one call per `run:`
 * step of action.yml, each reading its inputs from the environment that action.yml maps.
 */
const STEPS: Record<string, (env: NodeJS.ProcessEnv, log: (text: string) => void) => Promise<unknown>> = {
  prepare: prepareStep,
  impact: impactStep,
  comment: commentStep,
  cache: cacheStep,
};

const log = (text: string) => void process.stdout.write(text);

async function main(step: string | undefined): Promise<number> {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20) {
    log(annotation('error', `ratlas needs Node.js 20 or newer on the runner; this is ${process.version}. Add actions/setup-node before this step.`));
    return 2;
  }
  const run = step === undefined ? undefined : STEPS[step];
  if (!run) {
    log(annotation('error', `Unknown step "${step ?? ''}"; the steps are ${Object.keys(STEPS).join(', ')}.`));
    return 3;
  }
  try {
    const code = await run(process.env, log);
    return typeof code === 'number' ? code : 0;
  } catch (error) {
    if (isRatlasError(error)) {
      log(annotation('error', `${error.message}${error.hint ? `\nHint: ${error.hint}` : ''}`, { title: `ratlas ${step}` }));
      return error.exit;
    }
    log(annotation('error', `ratlas failed unexpectedly in step ${step}: ${(error as Error).stack ?? String(error)}`, { title: `ratlas ${step}` }));
    return 3;
  }
}

process.exitCode = await main(process.argv[2]);
