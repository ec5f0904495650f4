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
