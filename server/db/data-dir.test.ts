import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/support/app';
import { lockDataDir, prepareDataDir } from './data-dir';

describe('prepareDataDir', () => {
  it('creates a missing folder and gives its absolute path', () => {
    const folder = path.join(tempDir(), 'a', 'b');
    expect(prepareDataDir(path.relative(process.cwd(), folder), 'site.db')).toBe(folder);
  });

  it('refuses a file, naming it', () => {
    const file = path.join(tempDir(), 'arquivo');
    writeFileSync(file, '');
    expect(() => prepareDataDir(file, 'site.db')).toThrow(`DATA_DIR ${file} é um arquivo, não uma pasta`);
    expect(() => prepareDataDir(path.join(file, 'dados'), 'site.db')).toThrow(`passa por ${file}, que é um arquivo`);
  });

  it.each(['/proc', '/proc/self/site', '/sys/site', '/dev/shm/site'])('refuses %s, the kernel’s', (folder) => {
    expect(() => prepareDataDir(folder, 'site.db')).toThrow(/um sistema de arquivos virtual do kernel/);
  });
});

describe('lockDataDir', () => {
  it('lets one holder at a time have the folder, and the next once it lets go', () => {
    const folder = tempDir();
    const release = lockDataDir(folder);
    expect(() => lockDataDir(folder)).toThrow(`DATA_DIR ${folder} já está em uso pelo processo ${process.pid}`);
    release();
    lockDataDir(folder)();
  });
});
