import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { listDocSlugs, renderDoc } from "@/lib/docs/render-doc";
import { getEnv } from "@/lib/env";
import { DOCS_PLACEHOLDER_ORIGIN, pageOrigin } from "@/lib/http/public-origin";

export const dynamicParams = false;
// Rendered per request: the examples name this deployment's origin (PUBLIC_BASE_URL), which is known when
// the server runs, not when it is built.
export const dynamic = "force-dynamic";

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
  // Our own Markdown from docs/; its examples are written for https://api.example.com.
  const html = doc.html.replaceAll(DOCS_PLACEHOLDER_ORIGIN, pageOrigin(getEnv()));
  return <article dangerouslySetInnerHTML={{ __html: html }} />;
}
