import { randomBytes, randomFillSync } from 'node:crypto';
import { parse, parseFragment, serialize, type DefaultTreeAdapterTypes } from 'parse5';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type Element = DefaultTreeAdapterTypes.Element;

/**
 * Stands for the nonce in HTML prepared ahead of a request (snippets, ad codes, the page
 * template): each response replaces it with its own nonce. Random per process and never sent
 * (every page replaces it), so HTML from the record cannot spell it.
 */
export const NONCE_PLACEHOLDER = `nonce-placeholder-${randomBytes(18).toString('hex')}`;

const NONCE_BYTES = 16;
/** Characters of every nonce: its 16 bytes in base64. */
export const NONCE_LENGTH = 24;
// Random bytes are drawn for 256 nonces at a time: one call to the system's generator per
// response cost more than the rest of making the nonce. Each nonce still takes bytes no other uses.
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolAt = noncePool.length;

/** A fresh nonce for one response: 128 random bits. */
export function createNonce(): string {
  if (noncePoolAt === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolAt = 0;
  }
  noncePoolAt += NONCE_BYTES;
  return noncePool.toString('base64', noncePoolAt - NONCE_BYTES, noncePoolAt);
}

function isElement(node: DefaultTreeAdapterTypes.Node): node is Element {
  return 'tagName' in node;
}

/** Whether `element` is a `<link>` that fetches a script (module preloads), which a nonce policy also checks. */
function isScriptPreload(element: Element): boolean {
  if (element.tagName !== 'link') return false;
  const rel = element.attrs.find((attr) => attr.name === 'rel')?.value.toLowerCase().split(/\s+/) ?? [];
  const as = element.attrs.find((attr) => attr.name === 'as')?.value.toLowerCase();
  return rel.includes('modulepreload') || (rel.includes('preload') && as === 'script');
}

/** Sets `nonce` on every script element under `node` (HTML or SVG, inside templates too), replacing any nonce it had. */
function stampTree(node: ParentNode, nonce: string): void {
  for (const child of node.childNodes) {
    if (!isElement(child)) continue;
    if (child.tagName === 'script' || isScriptPreload(child)) {
      child.attrs = [...child.attrs.filter((attr) => attr.name !== 'nonce'), { name: 'nonce', value: nonce }];
    }
    stampTree(child, nonce);
    if (child.tagName === 'template' && 'content' in child) stampTree(child.content, nonce);
  }
}

/**
 * The HTML fragment `html` (an operator's snippet or ad code) with `nonce` on every `<script>`,
 * as an HTML parser reads it: tags in any case, nested, in SVG or templates are stamped; text
 * that only looks like a tag (inside comments, attribute values, `<textarea>`, a script's own
 * text) is not. Malformed HTML comes back as the parser repaired it, which is how the browser
 * would have read it anyway.
 */
export function stampScriptNonces(html: string, nonce: string): string {
  const fragment = parseFragment(html);
  stampTree(fragment, nonce);
  return serialize(fragment);
}

/** The same for a whole document (the page template): its scripts and module preloads. */
export function stampDocumentNonces(html: string, nonce: string): string {
  const document = parse(html);
  stampTree(document, nonce);
  return serialize(document);
}

/**
 * Stamps snippets with the placeholder once per distinct text (operators change them rarely),
 * so a page pays a string replacement, not a parse.
 */
export class NonceStamper {
  private readonly stamped = new Map<string, string>();

  constructor(private readonly maxEntries = 64) {}

  stamp(html: string): string {
    if (html === '') return html;
    let result = this.stamped.get(html);
    if (result === undefined) {
      result = stampScriptNonces(html, NONCE_PLACEHOLDER);
      // Old snippet versions are only dropped in bulk: the set of live snippets is tiny.
      if (this.stamped.size >= this.maxEntries) this.stamped.clear();
      this.stamped.set(html, result);
    }
    return result;
  }
}

/** HTML prepared with the placeholder, given this response's nonce. */
export function applyNonce(html: string, nonce: string): string {
  return html.split(NONCE_PLACEHOLDER).join(nonce);
}
