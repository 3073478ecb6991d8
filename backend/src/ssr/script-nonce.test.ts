import { describe, expect, it } from 'vitest';
import { applyNonce, createNonce, NONCE_PLACEHOLDER, NonceStamper, stampDocumentNonces, stampScriptNonces } from './script-nonce.ts';

describe('stampScriptNonces', () => {
  it('stamps an inline and an external script', () => {
    expect(stampScriptNonces('<script>window.a = 1</script><script src="https://cdn.example/a.js" async></script>', 'N')).toBe(
      '<script nonce="N">window.a = 1</script><script src="https://cdn.example/a.js" async="" nonce="N"></script>',
    );
  });

  it('stamps scripts nested in other elements, in upper case, in SVG and in templates', () => {
    expect(stampScriptNonces('<div><span><SCRIPT type="text/javascript">x()</SCRIPT></span></div>', 'N')).toBe(
      '<div><span><script type="text/javascript" nonce="N">x()</script></span></div>',
    );
    expect(stampScriptNonces('<svg><script>z()</script></svg><template><script>t()</script></template>', 'N')).toBe(
      '<svg><script nonce="N">z()</script></svg><template><script nonce="N">t()</script></template>',
    );
  });

  it('replaces a nonce the snippet already had (it cannot match this response)', () => {
    expect(stampScriptNonces('<script nonce="guessed">q()</script>', 'N')).toBe('<script nonce="N">q()</script>');
  });

  it('leaves text that only looks like a script alone: comments, attribute values, textarea, noscript, script text', () => {
    const untouched = [
      '<!-- <script>evil()</script> --><p>hi</p>',
      '<noscript><img src="https://px.example/p.gif"></noscript>',
    ];
    for (const html of untouched) expect(stampScriptNonces(html, 'N')).toBe(html);
    expect(stampScriptNonces('<p title="<script>x()</script>">t</p><textarea><script>y()</script></textarea>', 'N')).toBe(
      '<p title="&lt;script&gt;x()&lt;/script&gt;">t</p><textarea>&lt;script&gt;y()&lt;/script&gt;</textarea>',
    );
    expect(stampScriptNonces('<script>document.write("<script>inner()</" + "script>")</script>', 'N')).toBe(
      '<script nonce="N">document.write("<script>inner()</" + "script>")</script>',
    );
  });

  it('gives no nonce to inline event handlers (the policy blocks them)', () => {
    expect(stampScriptNonces('<img src="x" onerror="alert(1)">', 'N')).toBe('<img src="x" onerror="alert(1)">');
  });

  it('reads malformed HTML as a browser would: an unclosed script is closed and stamped, stray end tags dropped', () => {
    expect(stampScriptNonces('<div><script>unclosed()', 'N')).toBe('<div><script nonce="N">unclosed()</script></div>');
    expect(stampScriptNonces('</span><p>a<b>b</p><script>c()</script>', 'N')).toBe('<p>a<b>b</b></p><script nonce="N">c()</script>');
    // A regular expression would see "<script>" here; a browser sees an unknown element "scr<script", which runs nothing.
    expect(stampScriptNonces('<script src=a.js></script><scr<script>ipt>x()</script>', 'N')).toBe(
      '<script src="a.js" nonce="N"></script><scr<script>ipt&gt;x()</scr<script>',
    );
  });
});

describe('stampDocumentNonces', () => {
  it("stamps the template's module script and module preloads, keeping the placeholders' comments", () => {
    const template =
      '<!doctype html><html><head><!--app-head--><script type="module" crossorigin src="/assets/a.js"></script><link rel="modulepreload" href="/assets/b.js"><link rel="stylesheet" href="/assets/c.css"></head><body><div id="root"><!--app-html--></div><!--app-body-end--></body></html>';
    expect(stampDocumentNonces(template, 'N')).toBe(
      '<!DOCTYPE html><html><head><!--app-head--><script type="module" crossorigin="" src="/assets/a.js" nonce="N"></script><link rel="modulepreload" href="/assets/b.js" nonce="N"><link rel="stylesheet" href="/assets/c.css"></head><body><div id="root"><!--app-html--></div><!--app-body-end--></body></html>',
    );
  });
});

describe('NonceStamper and applyNonce', () => {
  it('prepare a snippet once with the placeholder, then give each response its nonce', () => {
    const stamper = new NonceStamper();
    const prepared = stamper.stamp('<script>a()</script>');
    expect(prepared).toBe(`<script nonce="${NONCE_PLACEHOLDER}">a()</script>`);
    expect(stamper.stamp('<script>a()</script>')).toBe(prepared);
    expect(applyNonce(prepared, 'first')).toBe('<script nonce="first">a()</script>');
    expect(applyNonce(prepared, 'second')).toBe('<script nonce="second">a()</script>');
    expect(stamper.stamp('')).toBe('');
  });
});

describe('createNonce', () => {
  it('gives every response its own 128-bit nonce, also across refills of its random bytes', () => {
    const nonces = Array.from({ length: 1000 }, () => createNonce());
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});
