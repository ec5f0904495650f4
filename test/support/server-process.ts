import {
  type BuiltUser,
  type ServedProcess,
  serveBuilt,
  spawnBuilt,
  tempDataDir,
  whenReady,
} from '../../scripts/launch/serve-built';

// The built server as tests start it: the scripts' launcher (scripts/launch/serve-built.ts), keeping every log line.
export { stopProcess, tempDataDir, whenExited } from '../../scripts/launch/serve-built';
export type RunningServer = ServedProcess;

/** Spawns the built server without waiting for it: for a start that is meant to fail. */
export const spawnServer = (env: Record<string, string> = {}, dataDir = tempDataDir(), as: BuiltUser = {}) =>
  spawnBuilt(env, { dataDir, as });

/** Starts the built server on a free port and waits until it is ready. */
export const startServer = (env: Record<string, string> = {}, dataDir = tempDataDir()) =>
  serveBuilt(env, { dataDir, keepLogs: true });

/** Waits until `child`, a server spawned by the test itself to listen at `url`, is ready. */
export const whenServing = (child: ServedProcess['child'], url: string, dataDir: string) =>
  whenReady(child, url, { dataDir, keepLogs: true });
