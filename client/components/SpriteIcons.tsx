import type { ReactNode } from 'react';
import { SpriteClassContext } from './Glyph';
import { spriteClass } from './sprite';

/** Everything inside shows its icons from the sprite (client/components/sprite.ts), not drawn in the page. */
export function SpriteIcons({ children }: { children: ReactNode }) {
  return <SpriteClassContext value={spriteClass}>{children}</SpriteClassContext>;
}
