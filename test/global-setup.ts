import type { TestProject } from 'vitest/node';
import { buildSite } from '../scripts/build';

declare module 'vitest' {
  export interface ProvidedContext {
    siteBuilt: boolean;
  }
}

/**
 * Process and browser tests run the production build, exactly as `npm start` serves it. Each
 * project that lists this file runs it, one after the other, before any test starts: the first
 * builds and says so in the root project's context, which every project reads.
 */
export default async function setup(project: TestProject) {
  const root = project.vitest.getRootProject();
  if (root.getProvidedContext().siteBuilt) return;
  await buildSite();
  root.provide('siteBuilt', true);
}
