import localFont from 'next/font/local';

// Geist's Latin subset (fontsource), not the geist package's whole files: the page text is English, and other
// characters fall back per glyph to the system font. Preloaded: every page's text. Code and addresses use the
// system's monospace face (app/globals.css): a second web font cost a project page 24 kB before its first paint (#18).
export const sansFont = localFont({
  src: '../node_modules/@fontsource-variable/geist/files/geist-latin-wght-normal.woff2',
  weight: '100 900',
  display: 'swap',
  variable: '--font-geist-sans',
});
