/**
 * CI workflows as GitHub and GitLab name them (`.github/workflows/*.yml`, `.gitlab-ci.yml`): where a
 * project writes the environment and the commands its tests run with, whatever the language.
 */
export function isCiWorkflow(path: string): boolean {
  return CI_WORKFLOW.test(path);
}

const CI_WORKFLOW = /^(?:\.github\/workflows\/[^/]+|\.gitlab-ci)\.ya?ml$/;
