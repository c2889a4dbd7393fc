import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { MarkdownArticle } from '@/components/chrome/markdown-article';
import { PageBanner } from '@/components/chrome/page-banner';
import { CONTENT_SECTIONS, getContentPage } from '@/server/content';

type Props = { params: Promise<{ slug: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return CONTENT_SECTIONS.products.map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await getContentPage('products', (await params).slug);
  return page ? { title: page.title, description: page.description } : {};
}

export default async function ProductPage({ params }: Props) {
  const page = await getContentPage('products', (await params).slug);
  if (!page) notFound();
  return (
    <>
      <PageBanner eyebrow="Products" title={page.title}>
        <p>{page.description}</p>
      </PageBanner>
      <MarkdownArticle html={page.html} />
    </>
  );
}
