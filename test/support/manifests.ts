import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';

/** A Kubernetes object as a manifest states it. */
export type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; [field: string]: unknown };

/**
 * Every object of a kustomize base whose kustomization lists only `resources` (no transformers),
 * read as Kubernetes reads YAML (1.1: `0440` is octal), in the order listed.
 */
export function kustomizeBase(folder: string) {
  const read = (file: string) =>
    parseAllDocuments(readFileSync(path.join(folder, file), 'utf8'), { version: '1.1' }).map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
      return document.toJS() as Manifest;
    });
  const [kustomization] = read('kustomization.yaml') as unknown as [{ resources: string[]; [field: string]: unknown }];
  const { resources, ...rest } = kustomization;
  const objects = resources.flatMap((file) => read(file).map((object) => ({ file, object })));
  return { resources, transformers: Object.keys(rest).filter((key) => !['apiVersion', 'kind'].includes(key)), objects };
}

/**
 * Where kubernetes-models keeps the model of `object`'s kind: `apps/v1/Deployment`, `v1/Service`; and
 * its sibling @kubernetes-models/cert-manager, generated from cert-manager's CRDs, for cert-manager's kinds.
 */
const modelPath = ({ apiVersion, kind }: Manifest) =>
  `${apiVersion.startsWith('cert-manager.io/') ? '@kubernetes-models/cert-manager' : 'kubernetes-models'}/${apiVersion}/${kind}`;
const modelFile = (object: Manifest) => path.resolve('node_modules', `${modelPath(object)}.js`);

/**
 * The JSON Schema validation kubernetes-models derives from the Kubernetes API's OpenAPI document:
 * types, required fields, enums and formats (quantities, ports). The first problem, or undefined.
 */
export async function schemaProblem(object: Manifest) {
  const model = (await import(/* @vite-ignore */ modelPath(object))) as Record<
    string,
    new (
      data: unknown,
    ) => {
      validate(): void;
    }
  >;
  try {
    new model[object.kind]!(object).validate();
    return undefined;
  } catch (error) {
    return String(error);
  }
}

/**
 * The fields the API does not know, which its JSON Schema lets through (the API server drops them, or
 * refuses them with strict field validation): each object is checked by TypeScript against
 * kubernetes-models' types, whose object literals admit no unknown property. tsc's errors, if any.
 */
export async function unknownFields(objects: { file: string; object: Manifest }[]) {
  const folder = mkdtempSync(path.join(tmpdir(), 'site-manifests-'));
  const source = path.join(folder, 'manifests.ts');
  const lines = objects.flatMap(({ object }, n) => [
    `import type { I${object.kind} as T${n} } from ${JSON.stringify(modelFile(object))};`,
    `export const object${n} = ${JSON.stringify(object)} satisfies T${n};`,
  ]);
  writeFileSync(source, `${lines.join('\n')}\n`);
  const flags = ['--ignoreConfig', '--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext'];
  try {
    await promisify(execFile)(path.resolve('node_modules/.bin/tsc'), [...flags, source]);
    return [];
  } catch (error) {
    const { stdout } = error as { stdout?: string };
    if (!stdout) throw error;
    // Each error named by the file and object it is in: line 2n + 2 holds object n.
    return [...stdout.matchAll(/\((\d+),\d+\): error TS\d+: (.*)/g)].map(([, line, message]) => {
      const { file, object } = objects[(Number(line) - 2) / 2]!;
      return `${file}: ${object.kind} ${object.metadata.name}: ${message}`;
    });
  }
}
