import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { docker } from './docker';
import { eventually } from './wait';

/**
 * A single-node swarm on the engine at hand: the one already there, or one made on 127.0.0.1 (the
 * manager's port too) that leave() takes down again, with the network bridge `swarm init` adds.
 */
export async function singleNodeSwarm() {
  const state = (await docker(['info', '--format', '{{.Swarm.LocalNodeState}}'])).trim();
  if (state !== 'inactive' && state !== 'active') throw new Error(`o nó está no estado de swarm "${state}"`);
  const made = state === 'inactive';
  const bridge = (await docker(['network', 'ls', '-q', '--filter', 'name=^docker_gwbridge$'])).trim();
  if (made) await docker(['swarm', 'init', '--advertise-addr', '127.0.0.1', '--listen-addr', '127.0.0.1:2377']);
  return {
    made,
    async leave() {
      if (!made) return;
      await docker(['swarm', 'leave', '--force']);
      if (!bridge) await docker(['network', 'rm', 'docker_gwbridge']).catch(() => {});
    },
  };
}

/** A Docker secret made from a value, written nowhere but a private temporary file, removed at once. */
export async function createSecret(name: string, value: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'site-secret-'));
  const file = path.join(folder, 'value');
  writeFileSync(file, value);
  chmodSync(file, 0o600);
  try {
    await docker(['secret', 'create', name, file]);
  } finally {
    rmSync(folder, { recursive: true });
  }
}

/** The IDs of the running containers of a service's tasks on this node. */
export async function containersOf(service: string) {
  const filter = `label=com.docker.swarm.service.name=${service}`;
  return (await docker(['ps', '-q', '--filter', filter])).trim().split('\n').filter(Boolean);
}

/** The service's update status: its state (`completed`, `rollback_completed`, …) and when it began. */
async function updateStatus(service: string) {
  const status = (await docker(['service', 'inspect', '-f', '{{json .UpdateStatus}}', service])).trim();
  const { State = '', StartedAt = '' } = (JSON.parse(status) ?? {}) as { State?: string; StartedAt?: string };
  return { state: State, startedAt: StartedAt };
}

/**
 * Runs `update` (which changes the service and returns at once) and resolves, with the seconds it
 * took, once the update it began has ended in `outcome`; any other ending throws at once.
 */
export async function untilUpdated(
  service: string,
  outcome: 'completed' | 'rollback_completed',
  update: () => Promise<unknown>,
  timeoutMs = 300_000,
) {
  const before = (await updateStatus(service)).startedAt;
  const start = performance.now();
  await update();
  for (;;) {
    const { state, startedAt } = await updateStatus(service);
    // The ends an update can reach: completed, paused, rollback_completed, rollback_paused.
    if (startedAt !== before && /completed|paused/.test(state)) {
      if (state !== outcome) throw new Error(`a atualização de ${service} terminou em ${state}, não em ${outcome}`);
      return (performance.now() - start) / 1000;
    }
    if (performance.now() - start > timeoutMs) throw new Error(`a atualização de ${service} ainda está em ${state}`);
    await sleep(500);
  }
}

/** The images that the service's running tasks run. */
export async function runningImages(service: string) {
  const format = '{{.Image}}';
  const lines = await docker(['service', 'ps', '--filter', 'desired-state=running', '--format', format, service]);
  return [...new Set(lines.trim().split('\n').filter(Boolean))];
}

/**
 * `check`, waiting a second after each failure: for checks that ask the engine, which eventually()
 * would otherwise ask every 20 ms on a machine the stack already keeps busy.
 */
export const atEachSecond =
  <T>(check: () => Promise<T>) =>
  async () => {
    try {
      return await check();
    } catch (error) {
      await sleep(1000);
      throw error;
    }
  };

/** `docker stack rm`, and then what it leaves: its containers and network going, and its volumes. */
export async function removeStack(stack: string) {
  const label = `label=com.docker.stack.namespace=${stack}`;
  await docker(['stack', 'rm', stack]);
  const gone = (list: string[]) =>
    eventually(
      atEachSecond(async () => expect(await docker([...list, '-q', '--filter', label])).toBe('')),
      90_000,
    );
  await gone(['ps', '-a']);
  // The network goes last, a moment after its containers.
  await gone(['network', 'ls']);
  const volumes = (await docker(['volume', 'ls', '-q', '--filter', label])).trim();
  if (volumes) await docker(['volume', 'rm', ...volumes.split('\n')]);
}
