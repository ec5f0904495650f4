// What a process on this machine has used so far, read from Linux's /proc: for the measuring
// scripts, which watch the built server from outside.
import { readdirSync, readFileSync } from 'node:fs';

const field = (pid: number, file: string, name: string) =>
  Number(new RegExp(`${name}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'))?.[1]);

/** Resident memory now, in MB. */
export const rssMb = (pid: number) => field(pid, 'status', 'VmRSS') / 1024;

/** Every byte the process has taken from a socket or a file so far (rchar), in MB. */
export const readMb = (pid: number) => field(pid, 'io', 'rchar') / 1024 ** 2;

/** Every byte the process has handed to a socket or a file so far (wchar), in MB. */
export const writtenMb = (pid: number) => field(pid, 'io', 'wchar') / 1024 ** 2;

/** File descriptors the process holds now: its sockets, among others. */
export const openFiles = (pid: number) => {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return Number.NaN;
  }
};

/**
 * The server's own account of its memory, in MB, from its /metrics (the admin token's): the V8 heap
 * in use and reserved, the memory of Buffers and other objects outside it, and the resident total.
 * What the resident total holds beyond the three is the allocator's, the code's and the threads'.
 */
export async function memoryOf(url: string, adminToken: string) {
  const res = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${adminToken}` } });
  const text = await res.text();
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]) / 1024 ** 2;
  return {
    heapUsed: gauge('nodejs_heap_size_used_bytes'),
    heapTotal: gauge('nodejs_heap_size_total_bytes'),
    external: gauge('nodejs_external_memory_bytes'),
    rss: gauge('process_resident_memory_bytes'),
  };
}

export const describeMemory = ({ heapUsed, heapTotal, external, rss }: Awaited<ReturnType<typeof memoryOf>>) =>
  `RSS ${rss.toFixed(0)} MB (heap V8 ${heapUsed.toFixed(0)} de ${heapTotal.toFixed(0)} MB, ` +
  `externa ${external.toFixed(0)} MB)`;
