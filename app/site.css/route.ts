// GET /site.css: the site's stylesheet (lib/site/site-css.ts), immutable under its versioned URL.
import { serveSiteCss } from "@/lib/site/serve-site-css";

export const GET = serveSiteCss;
