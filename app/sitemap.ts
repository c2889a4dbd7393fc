import type { MetadataRoute } from 'next';

import { COMPANY_LINKS, PRODUCT_LINKS, RESOURCE_LINKS } from '@/lib/navigation';
import { getConfig } from '@/server/config';
import { listBlogPosts } from '@/server/content';
import { listProjectIdsForSitemap } from '@/server/projects';

// Reads the database, so it is built per request rather than at build time.
export const dynamic = 'force-dynamic';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const { siteUrl } = getConfig();
  const [posts, projects] = await Promise.all([listBlogPosts(), listProjectIdsForSitemap()]);
  const pages = ['/', ...PRODUCT_LINKS, ...RESOURCE_LINKS, ...COMPANY_LINKS].map((link) => (typeof link === 'string' ? link : link.href));
  return [
    ...pages.map((path) => ({ url: `${siteUrl}${path === '/' ? '' : path}`, changeFrequency: 'weekly' as const })),
    { url: `${siteUrl}/alerts`, changeFrequency: 'daily' as const },
    ...posts.map((post) => ({ url: `${siteUrl}/resources/blog/${post.slug}`, lastModified: post.date })),
    ...projects.map((project) => ({ url: `${siteUrl}/projects/${project.id}`, lastModified: project.updatedAt, changeFrequency: 'daily' as const })),
  ];
}
