/**
 * The markdown line that links the blast-radius page: the artifact itself when its URL is known (the
 * comment, after the upload), else the run's page, which lists its artifacts (the job summary, written
 * before the upload). The artifact name is the workflow's input, shown as a code span.
 */
export function pageLink(url: string, artifact: string): string {
  return `**[Blast-radius page](${url})**: the whole graph and a searchable table (artifact \`${artifact.replace(/`/g, '')}\`, one HTML file).`;
}
