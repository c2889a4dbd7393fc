'use client';

import { ChevronDown } from 'lucide';
import { useRef, useState, type ComponentType, type ComponentProps } from 'react';

import { Icon } from '@/components/ui/icon';
import type { NavLink } from '@/lib/navigation';

import type NavMenuDropdown from './nav-menu-dropdown';
import { navMenuTriggerClass } from './nav-menu-trigger-class';

type Dropdown = ComponentType<ComponentProps<typeof NavMenuDropdown>>;

const loadDropdown = () => import('./nav-menu-dropdown').then((module) => module.default);

/**
 * A header menu (Products, Company): a button that opens a list of links. The page loads with a plain button of
 * the same look; the Radix dropdown (focus handling, positioning) loads when the button is first pointed at,
 * focused or clicked, and then replaces it, taking over the focus and opening at once if it was clicked meanwhile.
 */
export function NavMenu({ label, links }: { label: string; links: NavLink[] }) {
  const standInRef = useRef<HTMLButtonElement>(null);
  const clicked = useRef(false);
  const [loaded, setLoaded] = useState<{ Dropdown: Dropdown; open: boolean; focused: boolean } | null>(null);
  const load = () => {
    void loadDropdown()
      .then((Dropdown) => setLoaded((current) => current ?? { Dropdown, open: clicked.current, focused: document.activeElement === standInRef.current }))
      .catch(() => undefined);
  };
  if (loaded) return <loaded.Dropdown label={label} links={links} defaultOpen={loaded.open} takeFocus={loaded.focused} />;
  return (
    <button
      ref={standInRef}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={navMenuTriggerClass}
      onPointerEnter={load}
      onFocus={load}
      onClick={() => {
        clicked.current = true;
        load();
      }}
    >
      {label}
      <Icon node={ChevronDown} className="size-4 opacity-70" />
    </button>
  );
}
