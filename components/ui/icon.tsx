import type { IconNode } from 'lucide';
import { createElement, type SVGProps } from 'react';

/**
 * A lucide icon (`import { Star } from 'lucide'`: its shapes as data) drawn as plain SVG with lucide's default
 * look. No hooks and no client module: a server component renders it with no code sent, and a client island
 * carries only the shapes of its own icons (lucide-react's Icon is a client component that put its runtime into
 * every page's first load, #18). Decorative unless given a name.
 */
export function Icon({ node, ...props }: { node: IconNode } & Omit<SVGProps<SVGSVGElement>, 'children'>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={props['aria-label'] || props['aria-labelledby'] ? undefined : true}
      {...props}
    >
      {node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
