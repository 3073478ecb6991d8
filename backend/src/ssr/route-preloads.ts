import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NONCE_PLACEHOLDER } from './script-nonce.ts';

/** One entry of Vite's build manifest (dist/client/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The `<link>` tags that fetch a page's on-demand route code while the HTML is still arriving:
 * each chunk the rendered routes load, the chunks those import, and their stylesheets. The
 * browser then has them when the entry loads them before hydrating (no second round trip), and
 * the page's styles apply from the first paint. What the page template already loads (the entry
 * and its imports) is left out.
 */
export class RoutePreloads {
  private readonly inTemplate = new Set<string>();
  private readonly cache = new Map<string, string>();

  constructor(private readonly manifest: BuildManifest) {
    for (const [key, chunk] of Object.entries(manifest)) {
      if (chunk.isEntry) for (const file of this.files([key])) this.inTemplate.add(file);
    }
  }

  /** The tags for the chunks built from `moduleKeys` (manifest keys); unknown keys add nothing. */
  linksFor(moduleKeys: readonly string[]): string {
    const cacheKey = moduleKeys.join('\n');
    let links = this.cache.get(cacheKey);
    if (links === undefined) {
      links = this.files(moduleKeys)
        .filter((file) => !this.inTemplate.has(file))
        .map((file) =>
          file.endsWith('.css')
            ? `<link rel="stylesheet" crossorigin href="/${file}">`
            : `<link rel="modulepreload" crossorigin href="/${file}" nonce="${NONCE_PLACEHOLDER}">`,
        )
        .join('\n');
      // Few distinct sets: one per kind of page.
      this.cache.set(cacheKey, links);
    }
    return links;
  }

  /** The files of `keys`' chunks and of every chunk they import statically, stylesheets first. */
  private files(keys: readonly string[]): string[] {
    const seen = new Set<string>();
    const scripts: string[] = [];
    const styles: string[] = [];
    const visit = (key: string) => {
      const chunk = this.manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const imported of chunk.imports ?? []) visit(imported);
      scripts.push(chunk.file);
      for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
    };
    for (const key of keys) visit(key);
    return [...styles, ...scripts];
  }
}

/** The preloads of the client build whose page template is `templateFile`; null when it has no manifest (a template without a build). */
export function routePreloadsFor(templateFile: string): RoutePreloads | null {
  const manifestFile = join(dirname(templateFile), '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  return new RoutePreloads(JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest);
}
