import { readFile } from 'node:fs/promises';

/** What Linux counts of a process's memory, in MB (proc(5), /proc/PID/status). */
export type ProcessMemory = {
  /** Private writable memory (VmData), what RLIMIT_DATA bounds: heap, malloc, V8's committed pages. */
  data: number;
  /** Resident now (VmRSS), and at its highest (VmHWM). */
  rss: number;
  peakRss: number;
};

const field = (status: string, name: string) =>
  Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024;

/** `pid`'s memory, or undefined once it is gone (a zombie, dead but not yet reaped, has none). */
export async function memoryOf(pid: number): Promise<ProcessMemory | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const memory = { data: field(status, 'VmData'), rss: field(status, 'VmRSS'), peakRss: field(status, 'VmHWM') };
  return Number.isNaN(memory.rss) ? undefined : memory;
}
