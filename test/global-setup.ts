import { buildSite } from '../scripts/build';

// Process and browser tests run the production build, exactly as `npm start` serves it.
export default async function setup() {
  await buildSite();
}
