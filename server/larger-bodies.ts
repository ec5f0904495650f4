import { applicationBody } from './applications/upload';
import type { LargerBodies } from './http/body-limit';
import { shipmentBody } from './shipments';

// The POST paths whose body may pass 16 KB (docs/requirements.md §10.12), by module: a job
// application's CV, a delivery's photos. The entry (Expect: 100-continue) and the app read this list.
export const LARGER_BODIES: LargerBodies = (path) => applicationBody(path) ?? shipmentBody(path);
