import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Why no Docker engine with compose can be used here, or undefined when one can. */
export function dockerMissing(): string | undefined {
  try {
    const server = execFileSync('docker', ['version', '--format', '{{.Server.Version}}'], {
      encoding: 'utf8',
      stdio: 'pipe',
      timeout: 20_000,
    }).trim();
    execFileSync('docker', ['compose', 'version'], { stdio: 'pipe', timeout: 20_000 });
    return Number(server.split('.')[0]) >= 25 ? undefined : `Docker Engine ${server} (25 or newer is needed)`;
  } catch (error) {
    const { stderr, message } = error as { stderr?: Buffer; message: string };
    return (String(stderr ?? '').trim() || message).split('\n')[0];
  }
}

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
