import type { Metadata } from 'next';
import Link from 'next/link';

import { PageBanner } from '@/components/chrome/page-banner';
import { listBlogPosts } from '@/server/content';

export const metadata: Metadata = {
  title: 'Blog',
  description: 'Research, incident write-ups and guides on smart contract security from the Sentinel Shield team.',
};

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export default async function BlogPage() {
  const posts = await listBlogPosts();
  return (
    <>
      <PageBanner eyebrow="Resources" title="Blog">
        <p>Research, incident write-ups and practical guides from our auditors and analysts.</p>
      </PageBanner>
      <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-12 md:grid-cols-2">
        {posts.map((post) => (
          <article key={post.slug} className="flex flex-col rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md">
            <p className="text-sm text-muted-foreground">
              <time dateTime={post.date.toISOString().slice(0, 10)}>{dateFormat.format(post.date)}</time> · {post.author}
            </p>
            <h2 className="mt-2 text-xl font-semibold tracking-tight">
              <Link href={`/resources/blog/${post.slug}`} className="hover:text-primary focus-visible:underline focus-visible:outline-none">
                {post.title}
              </Link>
            </h2>
            <p className="mt-3 flex-1 text-muted-foreground">{post.summary}</p>
            <Link href={`/resources/blog/${post.slug}`} className="mt-4 text-sm font-medium text-primary" aria-hidden tabIndex={-1}>
              Read more →
            </Link>
          </article>
        ))}
      </div>
    </>
  );
}
