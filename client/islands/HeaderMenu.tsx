import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { menuTexts, navLinks } from '../../shared/content';
import { Glyph } from '../components/Glyph';

/** The header navigation. Server-rendered closed; on desktop CSS shows the links inline. */
export default function HeaderMenu() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const label = open ? menuTexts.close : menuTexts.open;
  const ToggleIcon = open ? X : Menu;
  return (
    <nav className="nav" aria-label={menuTexts.navLabel} ref={navRef}>
      <button
        ref={toggleRef}
        type="button"
        className="nav__toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={label}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <Glyph icon={ToggleIcon} />
        <span className="nav__toggle-text">{menuTexts.toggle}</span>
      </button>
      <ul id={listId} className="nav__list">
        {navLinks.map((link) => (
          <li key={link.href}>
            <a className="nav__link" href={link.href} onClick={() => setOpen(false)}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
