import { Menu, X } from 'lucide';
import { type MouseEvent, type ToggleEvent, useEffect, useId, useRef, useState } from 'react';
import { menuTexts, navLinks } from '../../shared/content';
import { Glyph } from '../components/Glyph';

/**
 * Whether the browser opens the list itself (the Popover API: Chromium 114, Safari 17, Firefox 125).
 * Older browsers among our targets (scripts/build-options.ts) get the island's own toggle instead.
 */
const browserOpensPopovers = () => Object.hasOwn(HTMLElement.prototype, 'popover');

/**
 * The header navigation (docs/requirements.md §4.3). The list is a popover opened by its button,
 * so the first tap opens it at once, before any script and without one; light dismiss and Escape
 * come with it. What the menu's state shows is stylesheet work (icon and label follow
 * `:popover-open`), so nothing changes when the island takes over. The server leaves
 * aria-expanded to the browser, which derives it from the popover; once hydrated the island
 * writes it, closes the list when a link is chosen, and where the browser has no popovers it
 * opens and closes the list itself. On desktop the stylesheet shows the links inline.
 */
export default function HeaderMenu() {
  // Unknown until the island is live: no attribute is better than a wrong one.
  const [expanded, setExpanded] = useState<boolean>();
  const listId = useId();
  const navRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Take over in whatever state the visitor left the menu before the island woke.
  useEffect(() => {
    setExpanded(browserOpensPopovers() && listRef.current!.matches(':popover-open'));
  }, []);

  // Without popovers the island dismisses the list itself, as the browser would.
  useEffect(() => {
    if (!expanded || browserOpensPopovers()) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setExpanded(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setExpanded(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [expanded]);

  const closeList = () => {
    if (browserOpensPopovers()) listRef.current!.hidePopover();
    else setExpanded(false);
  };
  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Out of the list first, or hiding it would send the focus back to the button; the jump to
    // the section then sets where the next Tab starts, as it does without the menu.
    event.currentTarget.blur();
    closeList();
  };

  return (
    <nav className="nav" aria-label={menuTexts.navLabel} ref={navRef}>
      <button
        ref={toggleRef}
        type="button"
        className="nav__toggle"
        popoverTarget={listId}
        aria-controls={listId}
        aria-expanded={expanded}
        onClick={() => {
          if (!browserOpensPopovers()) setExpanded(!expanded);
        }}
      >
        <Glyph icon={Menu} className="nav__when-closed" />
        <Glyph icon={X} className="nav__when-open" />
        {/* The spoken name is one of the two labels below; this is the visible word. */}
        <span className="nav__toggle-text" aria-hidden="true">
          {menuTexts.toggle}
        </span>
        <span className="visually-hidden nav__when-closed">{menuTexts.open}</span>
        <span className="visually-hidden nav__when-open">{menuTexts.close}</span>
      </button>
      <ul
        ref={listRef}
        id={listId}
        className="nav__list"
        popover="auto"
        onToggle={(event: ToggleEvent<HTMLUListElement>) => setExpanded(event.newState === 'open')}
      >
        {navLinks.map((link) => (
          <li key={link.href}>
            <a className="nav__link" href={link.href} onClick={onLinkClick}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
