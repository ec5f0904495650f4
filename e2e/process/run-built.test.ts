import { execFileSync, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { lead, postInTwoParts, shutdownBegun } from '../../test/support/requests';
import { tempDataDir, whenServing } from '../../test/support/server-process';
import { needs, olderNode } from '../../test/support/tools';
import { freePort } from '../../test/support/wait';

const older = olderNode();

describe('the built server run without Docker', () => {
  it('stops on an older Node with one line naming the version it needs', needs('older-node'), () => {
    let stderr = '';
    let status: number | null = 0;
    try {
      execFileSync(older!.file, ['dist/server/index.js'], {
        env: { PATH: process.env.PATH, PORT: '0', DATA_DIR: tempDataDir() },
        stdio: 'pipe',
      });
    } catch (error) {
      ({ stderr, status } = error as { stderr: Buffer; status: number | null } & { stderr: never });
      stderr = String(stderr);
    }
    expect(status).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/Node\.js 24 ou mais novo.*este é o v\d+/)]);
    expect(stderr).toContain(older!.version);
  });

  // Ctrl-C in a terminal, or SIGTERM to the process group (systemd, `kill -TERM -- -PGID`): the shell
  // npm runs the script in must not die first and let npm return while node still drains.
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'npm run serve runs the build as it is, and on %s drains before npm returns',
    async (signal) => {
      const built = statSync('dist/server/index.js').mtimeMs;
      const port = await freePort();
      const dataDir = tempDataDir();
      // Its own process group, as a shell's foreground job: the signal reaches npm, its shell and node at once.
      const npm = spawn('npm', ['run', '--silent', 'serve'], {
        detached: true,
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          SHUTDOWN_DRAIN_MS: '500',
        },
      });
      onTestFinished(() => {
        if (npm.exitCode === null) process.kill(-npm.pid!, 'SIGKILL');
      });
      const server = await whenServing(npm, `http://127.0.0.1:${port}`, dataDir);
      const inFlight = await postInTwoParts(server.url, lead(1));

      process.kill(-npm.pid!, signal);
      await shutdownBegun(server);
      inFlight.finish();

      expect((await inFlight.reply).status).toBe(201);
      expect(await server.exited).toBe(0);
      // npm returned only once node had drained and said so.
      expect(server.logs.at(-1)?.msg).toBe('encerrado');
      expect(statSync('dist/server/index.js').mtimeMs).toBe(built);
    },
  );
});
