import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * `docker …args` in `cwd`, with only what the CLI needs from this environment (PATH, HOME,
 * DOCKER_HOST) and the `variables` given: nothing else of the test's own leaks into compose's or
 * `docker stack deploy`'s interpolation. Resolves with stdout.
 */
export async function docker(args: string[], cwd?: string, variables: Record<string, string> = {}) {
  const env: Record<string, string> = { ...variables };
  for (const name of ['PATH', 'HOME', 'DOCKER_HOST', 'DOCKER_CONFIG']) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  try {
    const { stdout } = await run('docker', args, { cwd, env, maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(
      `docker ${args.join(' ')}: ${String(stderr ?? error)
        .trim()
        .split('\n')
        .slice(-5)
        .join('\n')}`,
    );
  }
}
