import type { MetadataRoute } from 'next';

import { getConfig } from '@/server/config';

export default function robots(): MetadataRoute.Robots {
  const { siteUrl } = getConfig();
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/my/', '/api/', '/dev/'] },
    sitemap: `${siteUrl}/sitemap.xml`,
  };
}
