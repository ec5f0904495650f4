import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// The last resort as a process meets it: a real Node process, its stdout read as the collector reads it.

/** Runs `bug` in a process with the policy installed; its exit code and the JSON lines it wrote. */
function run(bug: string) {
  const script = `
    const { exitOnEscapedErrors } = await import('./server/process/last-resort.ts');
    const { createLogger } = await import('./server/process/logger.ts');
    exitOnEscapedErrors(createLogger('info', process.stdout), async () => {});
    ${bug};
    setTimeout(() => console.log('ainda no ar'), 1_000);
  `;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { code: child.status, lines: child.stdout.trim().split('\n'), stderr: child.stderr };
}

describe('an error that escapes every handler', () => {
  it.each([
    ['a rejection nobody awaited', "Promise.reject(new Error('esquecida'))", 'promessa rejeitada sem tratamento'],
    ['an exception thrown in a timer', "setTimeout(() => { throw new Error('esquecida'); })", 'exceção não tratada'],
  ])('%s is one fatal line with the error, then exit 1', (_, bug, kind) => {
    const { code, lines, stderr } = run(bug);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'fatal',
      msg: `${kind}: o processo termina para ser reiniciado`,
      err: { type: 'Error', message: 'esquecida' },
    });
  });
});
