import { readFileSync } from 'node:fs';
import { parser } from '@prometheus-io/lezer-promql';
import { parse } from 'yaml';

/** One selector of a PromQL expression: `metric{label op "value"}`. */
type Selector = { metric: string; matchers: { label: string; op: string; value: string }[] };

/**
 * The selectors of `expr`, parsed by the Prometheus project's own PromQL grammar, and whether the
 * grammar found a syntax error in it.
 */
export function selectors(expr: string) {
  const found: Selector[] = [];
  let invalid = false;
  const text = (from: number, to: number) => expr.slice(from, to);
  const cursor = parser.parse(expr).cursor();
  do {
    if (cursor.type.isError) invalid = true;
    if (cursor.name !== 'VectorSelector') continue;
    const selector = cursor.node;
    const metric = selector.getChild('Identifier');
    const matchers = selector.getChild('LabelMatchers')?.getChildren('UnquotedLabelMatcher') ?? [];
    found.push({
      metric: metric ? text(metric.from, metric.to) : '',
      matchers: matchers.map((matcher) => {
        const part = (name: string) => matcher.getChild(name)!;
        return {
          label: text(part('LabelName').from, part('LabelName').to),
          op: text(part('MatchOp').from, part('MatchOp').to),
          value: JSON.parse(text(part('StringLiteral').from, part('StringLiteral').to)) as string,
        };
      }),
    });
  } while (cursor.next());
  return { selectors: found, invalid };
}

/** Each alerting rule of deploy/prometheus/alerts.yml: its name and its expression. */
export function alertRules() {
  const { groups } = parse(readFileSync('deploy/prometheus/alerts.yml', 'utf8')) as {
    groups: { rules: { alert: string; expr: string }[] }[];
  };
  return groups.flatMap((group) => group.rules.map(({ alert, expr }) => ({ name: alert, expr })));
}

/**
 * Each query of the Grafana dashboard: its panel's title and its expression, with Grafana's own
 * `$__rate_interval` as Prometheus would get it.
 */
export function dashboardQueries() {
  const dashboard = JSON.parse(readFileSync('deploy/grafana/site.json', 'utf8')) as {
    panels: { title: string; targets?: { expr: string }[] }[];
  };
  return dashboard.panels.flatMap(({ title, targets = [] }) =>
    targets.map(({ expr }) => ({ name: title, expr: expr.replaceAll('$__rate_interval', '5m') })),
  );
}
