import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** Whether `file` exists and this user may run it. */
export function isExecutable(file: string) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable file named `command` in a folder of PATH, as a shell would run it; undefined if none. */
export const onPath = (command: string, PATH = process.env.PATH ?? '') =>
  PATH.split(path.delimiter)
    .filter(Boolean)
    .map((folder) => path.join(folder, command))
    .find(isExecutable);
