import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';

import { MarkdownArticle } from '@/components/chrome/markdown-article';
import { PageBanner } from '@/components/chrome/page-banner';
import { getBlogPost, listBlogPosts } from '@/server/content';

type Props = { params: Promise<{ slug: string }> };

export const dynamicParams = false;

export async function generateStaticParams() {
  return (await listBlogPosts()).map((post) => ({ slug: post.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = await getBlogPost((await params).slug);
  return post ? { title: post.title, description: post.description, openGraph: { type: 'article', publishedTime: post.date.toISOString() } } : {};
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export default async function BlogPostPage({ params }: Props) {
  const post = await getBlogPost((await params).slug);
  if (!post) notFound();
  return (
    <>
      <PageBanner eyebrow="Blog" title={post.title}>
        <p className="text-base">
          <time dateTime={post.date.toISOString().slice(0, 10)}>{dateFormat.format(post.date)}</time> · {post.author}
        </p>
      </PageBanner>
      <MarkdownArticle html={post.html} />
      <p className="mx-auto w-full max-w-3xl px-4 pb-12">
        <Link href="/resources/blog" className="font-medium text-primary">
          ← All posts
        </Link>
      </p>
    </>
  );
}
