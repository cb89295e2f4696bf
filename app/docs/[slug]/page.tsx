import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { listDocSlugs, renderDoc } from "@/lib/docs/render-doc";

export const dynamicParams = false;

export async function generateStaticParams() {
  return (await listDocSlugs()).map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const doc = await renderDoc((await params).slug);
  return { title: doc?.title ?? "Not found" };
}

export default async function DocPage({ params }: { params: Promise<{ slug: string }> }) {
  const doc = await renderDoc((await params).slug);
  if (!doc) notFound();
  // Our own Markdown from docs/, rendered at build time.
  return <article dangerouslySetInnerHTML={{ __html: doc.html }} />;
}
