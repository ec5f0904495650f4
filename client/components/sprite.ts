// The icons drawn below the first screen, each once, in one file the build writes beside the
// other assets (scripts/sprite.ts): the page names an icon by a class and the stylesheet shows
// it through the file, as a mask in the text's colour. The header's and the hero's icons, and
// the islands', stay drawn in the page: they are on the first screen, which must not wait for a
// file (docs/decisions/055-icons-drawn-once.md).
import { ArrowLeftRight, Check, type IconNode, Mail, MessageCircle, Phone, Timer } from 'lucide';
import { CONTENT_ICONS } from './Icon';
import { SOCIAL_MARKS } from './social-marks';

/** Every icon the sprite holds, by name, in the order it draws them (its index places it). */
export const SPRITE_ICONS: [name: string, icon: IconNode][] = [
  ...Object.entries(CONTENT_ICONS),
  ...Object.entries({ arrowLeftRight: ArrowLeftRight, check: Check, mail: Mail, messageCircle: MessageCircle }),
  ...Object.entries({ phone: Phone, timer: Timer }),
  ...Object.entries(SOCIAL_MARKS),
];

const names = new Map(SPRITE_ICONS.map(([name, icon]) => [icon, name]));

/** The class that shows `icon` from the sprite: `i-` and its name in kebab case. */
export function spriteClass(icon: IconNode) {
  const name = names.get(icon);
  if (!name) throw new Error('ícone fora do sprite: acrescente-o a SPRITE_ICONS (client/components/sprite.ts)');
  return `i-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}
