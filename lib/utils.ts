import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names, letting later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** "#12" for a rank, "N/A" when there is none. */
export function formatRank(rank: number | null | undefined): string {
  return typeof rank === 'number' && Number.isFinite(rank) ? `#${rank}` : 'N/A';
}
