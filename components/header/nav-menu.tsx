// A server component: the dropdown's state lives in Radix's own client parts, the links are plain markup.

import { ChevronDown } from 'lucide-react';
import Link from 'next/link';

import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { NavLink } from '@/lib/navigation';

/** A header menu (Products, Company): a button that opens a list of links. */
export function NavMenu({ label, links }: { label: string; links: NavLink[] }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-navy-foreground/90 hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-white/40 focus-visible:outline-none data-[state=open]:bg-white/10">
        {label}
        <ChevronDown aria-hidden className="size-4 opacity-70" />
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
