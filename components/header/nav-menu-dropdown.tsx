// No 'use client': this is part of NavMenu's island, imported (lazily) only by it, so already client code.

import { ChevronDown } from 'lucide';
import Link from 'next/link';
import { useEffect, useRef } from 'react';

import { Icon } from '@/components/ui/icon';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { NavLink } from '@/lib/navigation';

import { navMenuTriggerClass } from './nav-menu-trigger-class';

type Props = {
  label: string;
  links: NavLink[];
  /** Opened at once: the visitor clicked the stand-in button before this code had loaded. */
  defaultOpen: boolean;
  /** The stand-in button had the focus; the real trigger takes it over. */
  takeFocus: boolean;
};

/** A header menu's Radix dropdown, loaded on first use (see NavMenu). */
export default function NavMenuDropdown({ label, links, defaultOpen, takeFocus }: Props) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // An opened menu takes the focus itself.
    if (takeFocus && !defaultOpen) triggerRef.current?.focus();
  }, [takeFocus, defaultOpen]);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger ref={triggerRef} className={navMenuTriggerClass}>
        {label}
        <Icon node={ChevronDown} className="size-4 opacity-70" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-72">
        {links.map((link) => (
          <DropdownMenuItem key={link.href} asChild>
            <Link href={link.href} className="flex flex-col items-start gap-0.5">
              <span className="font-medium">{link.label}</span>
              {link.description ? <span className="text-xs text-muted-foreground">{link.description}</span> : null}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
