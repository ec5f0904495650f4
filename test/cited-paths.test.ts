import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  citedPaths,
  citingFiles,
  citingText,
  headings,
  markdownLinks,
  quotedSections,
  ROOT,
  read,
  repositoryFiles,
  topLevel,
} from './support/citations';

// Every pointer the docs and the code comments give leads somewhere: a moved file or a renamed
// section breaks this test, not the next reader's trust.

const files = repositoryFiles();
const top = topLevel(files);
const texts = citingFiles(files).map((file) => ({ file, text: citingText(file, read(file)) }));
const exists = (file: string) => existsSync(path.join(ROOT, file));
const where = ({ in: file, line, cites }: { in: string; line: number; cites: string }) => `${file}:${line} ${cites}`;

const headingsOf = new Map<string, ReturnType<typeof headings>>();
const headingsIn = (file: string) => {
  if (!headingsOf.has(file)) headingsOf.set(file, headings(read(file)));
  return headingsOf.get(file)!;
};

describe('what the docs and comments cite', () => {
  it('reads the files that cite, and finds pointers in them', () => {
    // A guard on the guard: were the scanner to find nothing, every test below would pass.
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.flatMap(({ file, text }) => citedPaths(file, text, top)).length).toBeGreaterThan(300);
    expect(texts.flatMap(({ file, text }) => quotedSections(file, text, top)).length).toBeGreaterThan(5);
  });

  it('names only paths that exist', () => {
    const missing = texts
      .flatMap(({ file, text }) => citedPaths(file, text, top))
      .filter(({ cites }) => !exists(cites))
      .map(where);
    expect(missing).toEqual([]);
  });

  it('links only to files that exist, and to headings those files have', () => {
    const broken = texts
      .filter(({ file }) => file.endsWith('.md'))
      .flatMap(({ file, text }) => markdownLinks(file, text))
      .filter(({ target, anchor }) => {
        if (!exists(target)) return true;
        return anchor !== undefined && target.endsWith('.md') && !headingsIn(target).anchors.has(anchor);
      })
      .map(where);
    expect(broken).toEqual([]);
  });

  it('quotes only section titles that the file named has', () => {
    const broken = texts
      .flatMap(({ file, text }) => quotedSections(file, text, top))
      .filter(({ file, section }) => !exists(file) || !headingsIn(file).titles.includes(section.replace(/`/g, '')))
      .map(where);
    expect(broken).toEqual([]);
  });
});
