import { readFile, writeFile } from 'node:fs/promises';
import { decode, encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';

/** Position → new position of the entries kept, -1 for the others. */
const renumber = (keep: boolean[]) => {
  let next = 0;
  return keep.map((kept) => (kept ? next++ : -1));
};

/**
 * Keeps only our own code in the server bundle's source map. Node holds the map in memory for
 * `--enable-source-maps`: the whole bundle's is tens of megabytes of RSS and a slower start-up,
 * ours alone almost nothing. Every frame of our code is still named by its TypeScript file and line; a
 * dependency's frame keeps its line in the bundle, where its function name is readable.
 */
export async function trimSourceMap(file: string) {
  const map = JSON.parse(await readFile(file, 'utf8')) as { sources: string[]; names: string[]; mappings: string };
  const keptSources = map.sources.map((source) => !source.includes('node_modules/'));
  const sourceIndex = renumber(keptSources);
  const lines = decode(map.mappings).map((segments) =>
    segments.filter((segment) => segment.length === 1 || keptSources[segment[1]]),
  );
  const usedNames = map.names.map(() => false);
  for (const segment of lines.flat()) if (segment.length === 5) usedNames[segment[4]] = true;
  const nameIndex = renumber(usedNames);
  const renumbered = lines.map((segments) =>
    segments.map((segment): SourceMapSegment => {
      if (segment.length === 1) return segment;
      const [column, source, line, sourceColumn] = segment;
      const moved: SourceMapSegment = [column, sourceIndex[source]!, line, sourceColumn];
      return segment.length === 5 ? [...moved, nameIndex[segment[4]]!] : moved;
    }),
  );
  map.sources = map.sources.filter((_, index) => keptSources[index]);
  map.names = map.names.filter((_, index) => usedNames[index]);
  map.mappings = encode(renumbered);
  await writeFile(file, JSON.stringify(map));
}
