import { startChild } from './server/untrusted/capped-child.ts';
import { childScript } from './server/untrusted/child-script.ts';
import { memoryOf } from './server/untrusted/proc-memory.ts';
import { pngBomb } from './test/support/images.ts';

const child = await startChild(await childScript('image-child'), { memoryMb: 96, timeMs: 15000, addon: 'sharp' });
console.log('ready', await memoryOf(child.pid));
const bytes = await pngBomb({ width: 7000, height: 7000, bitDepth: 16, colourType: 6 });
const t = setInterval(async () => console.log(await memoryOf(child.pid)), 200);
console.log(await child.judge(bytes, { source: 'png', request: { widths: [1600], formats: ['jpeg'] } }));
clearInterval(t);
