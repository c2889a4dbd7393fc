/** Operator-written Markdown, already turned into HTML on the server. */
export function MarkdownArticle({ html }: { html: string }) {
  return <article className="prose-content mx-auto w-full max-w-3xl px-4 py-12" dangerouslySetInnerHTML={{ __html: html }} />;
}
