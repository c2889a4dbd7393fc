import 'server-only';

import fs from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { marked } from 'marked';
import { cache } from 'react';
import { z } from '@/lib/zod';

/** The operator-editable Markdown under content/, one folder per section. */
export const CONTENT_SECTIONS = {
  products: ['security-audit', 'skynet', 'skytrace', 'pentest'],
  company: ['about', 'careers', 'disclaimer', 'terms-and-conditions', 'privacy-policy', 'cookie-policy'],
} as const;

export type ContentSection = keyof typeof CONTENT_SECTIONS | 'blog';

const pageMetaSchema = z.object({ title: z.string().min(1), description: z.string().min(1) });
const postMetaSchema = pageMetaSchema.extend({
  date: z.coerce.date(),
  author: z.string().min(1),
  summary: z.string().min(1),
});

export type ContentPage = z.infer<typeof pageMetaSchema> & { slug: string; html: string };
export type BlogPost = z.infer<typeof postMetaSchema> & { slug: string; html: string };

const CONTENT_ROOT = path.join(process.cwd(), 'content');
const SLUG = /^[a-z0-9][a-z0-9-]*$/;

async function readMarkdown(section: ContentSection, slug: string) {
  if (!SLUG.test(slug)) return null;
  try {
    const raw = await fs.readFile(path.join(CONTENT_ROOT, section, `${slug}.md`), 'utf8');
    const { data, content } = matter(raw);
    // The content is written by the operator and committed with the code, so its HTML is trusted as is.
    return { data, html: await marked.parse(content, { gfm: true }) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A product or company page, or null when there is no such page. */
export const getContentPage = cache(async (section: keyof typeof CONTENT_SECTIONS, slug: string): Promise<ContentPage | null> => {
  if (!(CONTENT_SECTIONS[section] as readonly string[]).includes(slug)) return null;
  const file = await readMarkdown(section, slug);
  if (!file) return null;
  return { ...pageMetaSchema.parse(file.data), slug, html: file.html };
});

/** One blog post, or null. */
export const getBlogPost = cache(async (slug: string): Promise<BlogPost | null> => {
  const file = await readMarkdown('blog', slug);
  if (!file) return null;
  return { ...postMetaSchema.parse(file.data), slug, html: file.html };
});

/** Every blog post, newest first. */
export const listBlogPosts = cache(async (): Promise<BlogPost[]> => {
  const files = await fs.readdir(path.join(CONTENT_ROOT, 'blog'));
  const slugs = files.filter((file) => file.endsWith('.md')).map((file) => file.slice(0, -3));
  const posts = await Promise.all(slugs.map((slug) => getBlogPost(slug)));
  return posts.filter((post): post is BlogPost => post !== null).sort((a, b) => b.date.getTime() - a.date.getTime());
});
