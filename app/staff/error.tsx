'use client';

// Next's error file for the pages below this folder: components/chrome/route-error.tsx.
export { RouteError as default } from '@/components/chrome/route-error';
