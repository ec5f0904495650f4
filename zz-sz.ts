import { measureSizes } from './bench/size-report';

for (const r of await measureSizes()) console.log(r.name, r.bytes, r.budget);
