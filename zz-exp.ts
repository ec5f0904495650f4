import { brotliCompressSync, constants } from 'node:zlib';

const res = await fetch(process.argv[2]!, { headers: { 'accept-encoding': 'identity' } });
const html = Buffer.from(await res.arrayBuffer()).toString();
const i = html.lastIndexOf('<input type="hidden"');
const base = html.slice(0, i);
const q = { [constants.BROTLI_PARAM_QUALITY]: 11 };
const br = (s: string, flush = false) =>
  brotliCompressSync(Buffer.from(s), { params: q, ...(flush ? { finishFlush: constants.BROTLI_OPERATION_FLUSH } : {}) })
    .length;
console.log('orig whole', br(base + '</body></html>'));
console.log('base finish', br(base), 'base flush', br(base, true));
for (const f of [
  '<input type="hidden" name="inicio" form="contact-form" value="',
  '<input type=hidden name=inicio form=contact-form value=',
  '<input type="hidden" name="inicio" form="contato" value="',
  '<input type=hidden name=i form=c value=',
])
  console.log(f, br(base + f, true));
