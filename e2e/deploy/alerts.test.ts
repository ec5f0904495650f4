import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { alertRules, dashboardQueries } from '../../test/support/promql';
import { needs } from '../../test/support/tools';

// deploy/prometheus/alerts.yml checked by Prometheus's own promtool: the rules load, and each one fires on
// the series of its unit tests that should set it off, and stays silent on those that should not.

const FOLDER = 'deploy/prometheus';
const run = (args: string[], cwd = FOLDER) => promisify(execFile)('promtool', args, { cwd });

type UnitTests = { rule_files: string[]; tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[] };
const UNIT_TESTS = ['alerts.test.yml', 'business-hours.test.yml', 'suspects.test.yml'];
const unitTests = UNIT_TESTS.map((file) => parse(readFileSync(path.join(FOLDER, file), 'utf8')) as UnitTests);

describe('the alert rules', needs('promtool'), () => {
  it('load in Prometheus', async () => {
    const { stdout } = await run(['check', 'rules', 'alerts.yml']);
    expect(stdout).toContain(`SUCCESS: ${alertRules().length} rules found`);
  });

  it('pass their promtool unit tests', { timeout: 120_000 }, async () => {
    const { stdout } = await run(['test', 'rules', ...UNIT_TESTS]);
    expect(stdout.match(/SUCCESS/g)).toHaveLength(UNIT_TESTS.length);
  });

  it('each have a case where they fire and one where they stay silent', () => {
    for (const file of unitTests) expect(file.rule_files).toEqual(['alerts.yml']);
    const cases = unitTests.flatMap((file) => file.tests).flatMap((test) => test.alert_rule_test);
    const tested = (firing: boolean) =>
      new Set(cases.filter(({ exp_alerts }) => exp_alerts.length > 0 === firing).map(({ alertname }) => alertname));
    const names = alertRules().map(({ name }) => name);
    expect(names.filter((name) => !tested(true).has(name))).toEqual([]);
    expect(names.filter((name) => !tested(false).has(name))).toEqual([]);
  });

  it("read the dashboard's queries as valid PromQL too", async () => {
    // Each query as a recording rule: promtool parses it with Prometheus's own parser.
    const rules = dashboardQueries().map(({ expr }, n) => ({ record: `dashboard:query_${n}`, expr }));
    const folder = mkdtempSync(path.join(tmpdir(), 'site-dashboard-'));
    writeFileSync(path.join(folder, 'dashboard.yml'), stringify({ groups: [{ name: 'dashboard', rules }] }));
    const { stdout } = await run(['check', 'rules', 'dashboard.yml'], folder);
    expect(stdout).toContain(`SUCCESS: ${rules.length} rules found`);
  });
});
