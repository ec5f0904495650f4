// The sprite the landing page shows its lower icons from (client/components/sprite.ts): one SVG
// with every icon side by side in cells of 24 by 24, and the few rules of the inlined stylesheet
// that name it and place each icon in it. The file is hashed like every asset, so it is cached
// for good; the page carries only the class of each icon.
import { createHash } from 'node:crypto';
import type { IconNode } from 'lucide';
import { SPRITE_ICONS, spriteClass } from '../client/components/sprite';
import { ASSET_PREFIX } from '../server/pages/assets';

const CELL = 24;

const escaped = (value: string | number) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const drawn = (icon: IconNode) =>
  icon
    .map(([tag, attributes]) => {
      const listed = Object.entries(attributes).flatMap(([name, value]) =>
        value === undefined ? [] : [` ${name}="${escaped(value)}"`],
      );
      return `<${tag}${listed.join('')}/>`;
    })
    .join('');

/**
 * The sprite's file name and bytes, and its stylesheet rules: `--sprite` names the file and
 * `--step` is the mask position's stride between cells (100% over the gaps) on the root, `--i`
 * is each icon's cell (client/styles.css, `span.icon`). The stride is written here, not divided
 * in CSS: the HTML checker's CSS validator cannot parse a `calc()` that divides by a `var()`.
 * The strokes are black: a mask reads only their coverage, the colour is the text's.
 */
export function spriteAsset() {
  const cells = SPRITE_ICONS.map(
    ([, icon], index) => `<g transform="translate(${index * CELL})">${drawn(icon)}</g>`,
  ).join('');
  const content =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SPRITE_ICONS.length * CELL} ${CELL}" fill="none"` +
    ` stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${cells}</svg>\n`;
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 8).toUpperCase();
  const file = `icons-${hash}.svg`;
  const places = SPRITE_ICONS.map(([, icon], index) => `.${spriteClass(icon)}{--i:${index}}`).join('');
  const step = +(100 / Math.max(SPRITE_ICONS.length - 1, 1)).toFixed(4);
  const css = `:root{--sprite:url(${ASSET_PREFIX}/${file});--step:${step}%}${places}`;
  return { file, content, css };
}
