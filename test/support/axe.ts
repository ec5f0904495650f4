import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Violation = Pick<AxeResults['violations'][number], 'id' | 'impact' | 'help'> & {
  nodes: { target: string; summary: string }[];
};

/**
 * Runs axe-core in the page. Its script is injected inline, which the site's CSP rightly
 * refuses: only contexts opened with `bypassCSP: true` can run it.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary ?? '' })),
    }));
  }, WCAG_AA_TAGS);
}

/** One readable paragraph per violation, for the assertion message. */
export const describeViolations = (violations: Violation[]) =>
  violations
    .map(({ id, impact, help, nodes }) => {
      const where = nodes.map((node) => `  ${node.target}\n    ${node.summary.replaceAll('\n', '\n    ')}`);
      return `${id} (${impact}): ${help}\n${where.join('\n')}`;
    })
    .join('\n\n');
