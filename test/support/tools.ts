import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { findChromium } from '../../scripts/launch/chromium';
import { onPath } from '../../scripts/launch/on-path';

// The programs outside npm that some tests run. A test that needs one says so with `needs(...)`;
// where one is missing that test is skipped, and the run's last lines (test/tools-reporter.ts) say
// which tests, for want of what, and the one command that installs it. CI (CI set) fails on any skip.

export type Tool = {
  /** What the summary calls it. */
  name: string;
  /** Debian's packages that install it, for one `apt-get install`; none when apt cannot. */
  apt: string[];
  /** How to get it when apt cannot, or what else it needs once installed. */
  hint?: string;
  /** Why it is not usable here (real probing: PATH, CHROME_PATH, the engine answering), or undefined when it is. */
  missing(): string | undefined;
};

const command = (name: string) => () => (onPath(name) ? undefined : `no ${name} on PATH`);

/** The first `node` on PATH outside this project whose major version is below 24. */
export function olderNode() {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || dir.includes('node_modules')) continue;
    const file = onPath('node', dir);
    if (!file) continue;
    try {
      const version = execFileSync(file, ['--version'], { encoding: 'utf8' }).trim();
      if (Number(/^v(\d+)/.exec(version)?.[1]) < 24) return { file, version };
    } catch {
      // Not a Node that runs here.
    }
  }
  return undefined;
}

/** Why no Docker engine ≥ 25 with compose answers here, or undefined when one does. */
function dockerMissing() {
  if (!onPath('docker')) return 'no docker on PATH';
  try {
    const options = { encoding: 'utf8', stdio: 'pipe', timeout: 20_000 } as const;
    const server = execFileSync('docker', ['version', '--format', '{{.Server.Version}}'], options).trim();
    execFileSync('docker', ['compose', 'version'], options);
    return Number(server.split('.')[0]) >= 25 ? undefined : `Docker Engine ${server} (25 or newer is needed)`;
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    return (String(stderr ?? '').trim() || message).split('\n')[0];
  }
}

export const TOOLS = {
  chromium: {
    name: 'Chromium',
    apt: ['chromium', 'fonts-dejavu-core', 'fonts-liberation'],
    hint: 'or, instead, point CHROME_PATH at a Chrome or Chromium',
    missing: () =>
      findChromium()
        ? undefined
        : process.env.CHROME_PATH
          ? `CHROME_PATH ${process.env.CHROME_PATH} does not run`
          : 'no chromium on PATH, CHROME_PATH unset',
  },
  haproxy: {
    name: 'HAProxy',
    apt: ['haproxy'],
    hint: 'Debian puts it in /usr/sbin, which must be on the PATH',
    missing: command('haproxy'),
  },
  docker: {
    name: 'Docker engine ≥ 25 with compose',
    apt: [],
    hint: 'none in Debian 12 is new enough: see docs/operations.md#the-deploy-kit (.ci/run uses .ci/docker-standins.sh)',
    missing: dockerMissing,
  },
  soffice: { name: 'LibreOffice Calc', apt: ['libreoffice-calc-nogui'], missing: command('soffice') },
  promtool: {
    name: 'promtool',
    apt: ['prometheus'],
    hint: 'its service need not run (systemctl disable --now prometheus)',
    missing: command('promtool'),
  },
  java: { name: 'Java', apt: ['default-jre-headless'], missing: command('java') },
  testssl: { name: 'testssl.sh', apt: ['testssl.sh'], missing: command('testssl') },
  postgres: {
    name: 'PostgreSQL',
    apt: ['postgresql'],
    hint: 'createdb site_test, then export TEST_DATABASE_URL=postgres://USER:PASSWORD@127.0.0.1:5432/site_test',
    missing: () => (process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL unset'),
  },
  python3: { name: 'Python 3', apt: ['python3-minimal'], missing: command('python3') },
  curl: { name: 'curl', apt: ['curl'], missing: command('curl') },
  openssl: { name: 'OpenSSL', apt: ['openssl'], missing: command('openssl') },
  'older-node': {
    name: 'a Node older than 24 on PATH, outside node_modules',
    apt: ['nodejs'],
    missing: () => (olderNode() ? undefined : 'only Node 24 or newer on PATH'),
  },
} satisfies Record<string, Tool>;

export type ToolName = keyof typeof TOOLS;

declare module 'vitest' {
  interface TaskMeta {
    /** The tools this test needs that this machine lacks: why it was skipped. */
    missingTools?: ToolName[];
  }
}

const probed = new Map<ToolName, string | undefined>();
/** Why `tool` is not usable here, or undefined when it is; probed once per test file. */
export function whyMissing(tool: ToolName) {
  if (!probed.has(tool)) probed.set(tool, TOOLS[tool].missing());
  return probed.get(tool);
}

/**
 * The options of a test or a describe that needs `tools`: skipped where any is missing, and marked
 * with the missing ones for the summary. `describe('…', needs('haproxy'), () => …)`, or spread into
 * options it already has: `{ timeout: 30_000, ...needs('chromium') }`.
 */
export function needs(...tools: ToolName[]) {
  const missingTools = tools.filter((tool) => whyMissing(tool) !== undefined);
  // No mark when nothing is missing: a test's own meta replaces its describe's, which may name one.
  return { skip: missingTools.length > 0, meta: missingTools.length ? { missingTools } : {} };
}
