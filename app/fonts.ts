import localFont from 'next/font/local';

// Geist's Latin subsets (fontsource), not the geist package's whole files: the page text is English, and other
// characters fall back per glyph to the system font. Sans is preloaded (every page's text); mono only loads where
// code or addresses show (Skynet, settings, the staff console), so no page pays for it up front (#18).
export const sansFont = localFont({
  src: '../node_modules/@fontsource-variable/geist/files/geist-latin-wght-normal.woff2',
  weight: '100 900',
  display: 'swap',
  variable: '--font-geist-sans',
});

export const monoFont = localFont({
  src: '../node_modules/@fontsource-variable/geist-mono/files/geist-mono-latin-wght-normal.woff2',
  weight: '100 900',
  display: 'swap',
  variable: '--font-geist-mono',
  preload: false,
  adjustFontFallback: false,
});
