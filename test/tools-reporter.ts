import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import { TOOLS, type Tool, type ToolName, whyMissing } from './support/tools';

/**
 * The run's last lines, after Vitest's own summary: the tests skipped for want of a tool
 * (test/support/tools.ts), one line per tool, then the one command that installs them all. With CI
 * set (.ci/run sets it) any skip fails the run: CI installs everything, so a skip there is a defect.
 */
export default class ToolsReporter implements Reporter {
  private log: (line: string) => void = (line) => console.log(line);
  /** `-t pattern`: the tests it leaves out are reported as skipped, and are not. */
  private filtered = false;

  onInit(vitest: Vitest) {
    this.log = (line) => vitest.logger.log(line);
    this.filtered = Boolean(vitest.config.testNamePattern);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const byTool = new Map<ToolName, TestCase[]>();
    const otherwise: TestCase[] = [];
    for (const module of testModules)
      for (const test of module.children.allTests('skipped')) {
        const tools = test.meta().missingTools ?? [];
        if (tools.length === 0 && !this.filtered) otherwise.push(test);
        for (const tool of tools) byTool.set(tool, [...(byTool.get(tool) ?? []), test]);
      }
    const skipped = new Set([...byTool.values()].flat()).size + otherwise.length;
    if (skipped === 0) {
      this.log('No test skipped: every tool the tests need is here.');
      return;
    }

    this.log('');
    if (byTool.size > 0) this.log(`Skipped for want of a tool (${count(skipped - otherwise.length)}):`);
    // In the catalogue's order, whichever file was first to skip.
    const missing = (Object.keys(TOOLS) as ToolName[]).filter((tool) => byTool.has(tool));
    for (const tool of missing)
      this.log(
        `  ${TOOLS[tool].name} (${whyMissing(tool)}): ${count(byTool.get(tool)!.length)} in ${filesOf(byTool.get(tool)!)}`,
      );
    if (otherwise.length > 0) {
      this.log(`Skipped for no missing tool (${count(otherwise.length)}):`);
      for (const test of otherwise.slice(0, 10)) this.log(`  ${test.module.relativeModuleId} > ${test.fullName}`);
      if (otherwise.length > 10) this.log(`  … and ${otherwise.length - 10} more`);
    }
    const packages = missing.flatMap((tool) => TOOLS[tool].apt);
    if (packages.length > 0)
      this.log(`To install them: apt-get install -y --no-install-recommends ${packages.join(' ')}`);
    for (const tool of missing) {
      const { name, hint }: Tool = TOOLS[tool];
      if (hint) this.log(`  ${name}: ${hint}`);
    }
    if (process.env.CI) {
      this.log(`CI: ${count(skipped)} skipped; here every test must run (test/tools-reporter.ts).`);
      process.exitCode = 1;
    }
  }
}

const count = (tests: number) => `${tests} test${tests === 1 ? '' : 's'}`;

/** 'a.test.ts (3), b.test.ts (12)': the files of `tests`, each with how many of them it holds. */
function filesOf(tests: TestCase[]) {
  const counts = new Map<string, number>();
  for (const test of tests)
    counts.set(test.module.relativeModuleId, (counts.get(test.module.relativeModuleId) ?? 0) + 1);
  return [...counts].map(([file, count]) => `${file} (${count})`).join(', ');
}
