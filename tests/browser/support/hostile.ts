/// <reference lib="dom" />
/**
 * Hostile content for browser suites (decision 026): payloads that would run if the web app ever turned
 * member text into markup, and the checks that prove none did on a screen.
 *
 * Every executable payload either sets `window.__pwned` or opens a dialog. A page watched with
 * `watchPage` also counts the Content-Security-Policy violations the browser reports: the CSP
 * blocking an injected inline handler is a second line of defence, but a report means escaping had
 * already failed (the markup reached the DOM), so it fails the check like a run payload would.
 */
import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';

/** Executable payloads, each short enough for a 50-character name. */
export const XSS = {
  script: '<script>window.__pwned="script"</script>',
  img: '<img src=x onerror=__pwned="img">',
  svg: '<svg onload=__pwned="svg">',
  iframe: '"><iframe srcdoc="<script>parent.__pwned=1</script>">',
  anchor: '<a href="javascript:__pwned=1">click</a>',
  template: "{{constructor.constructor('__pwned=1')()}}",
} as const;

/** URLs that must never become a link's href. */
export const BAD_URLS = ['javascript:__pwned="url"', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox("x")'] as const;

/** A right-to-left override: shown, it flips the text after it (a name posing as another). */
export const RTL_OVERRIDE = '\u202E';

/** One word far wider than any screen (it must wrap inside its card, not push the page sideways). */
export const LONG_WORD = `Lo${'o'.repeat(300)}ng`;

/** Every payload in one text (a post, a comment, a caption, a note). */
export function hostileText(extra: string[] = []): string {
  return [...extra, ...Object.values(XSS), ...BAD_URLS, `${RTL_OVERRIDE}gnp.exe`, LONG_WORD].join(' ');
}

interface PageWatch {
  dialogs: string[];
}

const watches = new WeakMap<Page, PageWatch>();

/**
 * Starts watching `page` (before its first navigation): dialogs are recorded and dismissed, and
 * each document records its CSP violation reports in `window.__cspViolations`.
 */
export async function watchPage(page: Page): Promise<void> {
  const watch: PageWatch = { dialogs: [] };
  watches.set(page, watch);
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}: ${event.sample}`,
      );
    });
  });
}

/** What the current document shows about executed or blocked payloads. */
async function executionTraces(page: Page) {
  const inPage = await page.evaluate(() => {
    const w = window as unknown as { __pwned?: unknown; __cspViolations?: string[] };
    const origin = location.origin;
    // Scripts the app did not put there: no nonce (the browser hides it from getAttribute, not from .nonce) and no own-origin src.
    const strangeScripts = Array.from(document.scripts)
      .filter((script) => !script.nonce && !(script.src && new URL(script.src).origin === origin))
      .map((script) => script.outerHTML.slice(0, 120));
    // Elements a payload would create: frames, objects, and anything carrying an inline event handler.
    const injected = Array.from(document.querySelectorAll('iframe, frame, object, embed, *'))
      .filter(
        (el) => ['IFRAME', 'FRAME', 'OBJECT', 'EMBED'].includes(el.tagName) || Array.from(el.attributes).some((a) => /^on/i.test(a.name)),
      )
      .map((el) => el.outerHTML.slice(0, 120));
    return { pwned: w.__pwned ?? null, violations: w.__cspViolations ?? ['(not watched)'], strangeScripts, injected };
  });
  return { ...inPage, dialogs: watches.get(page)?.dialogs ?? ['(not watched)'] };
}

/** Nothing ran, nothing was blocked by the CSP, no foreign element or script is in the DOM. */
export async function expectNothingExecuted(page: Page, screen: string): Promise<void> {
  expect(await executionTraces(page), screen).toEqual({ pwned: null, violations: [], strangeScripts: [], injected: [], dialogs: [] });
}

/**
 * Each text is shown literally on the page (in a rendered text node, outside scripts), and so is
 * not markup. Waits up to `timeout` for content a page loads after its first paint.
 */
export async function expectShownLiterally(page: Page, texts: string[], screen: string, timeout = 30_000): Promise<void> {
  const missing = () =>
    page.evaluate((wanted) => {
      const shown: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || ['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(parent.tagName) || !parent.checkVisibility()) continue;
        shown.push(node.textContent ?? '');
      }
      // Per element, since React may split one text over adjacent text nodes.
      const all = shown.join('');
      return wanted.filter((text) => !all.includes(text));
    }, texts);
  await expect.poll(missing, { timeout, message: `${screen}: texts not shown literally` }).toEqual([]);
}

/** The links on the page: their href, resolved, and their target and rel. */
function pageLinks(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('a[href], area[href]')).map((a) => ({
      raw: a.getAttribute('href') ?? '',
      href: (a as HTMLAnchorElement).href,
      target: a.getAttribute('target') ?? '',
      rel: (a.getAttribute('rel') ?? '').toLowerCase().split(/\s+/),
    })),
  );
}

/**
 * Every link is http(s) (relative ones resolve to the page's origin); no javascript:, data:,
 * vbscript: or other scheme. A link that leaves the site or opens a new tab carries
 * rel="noopener noreferrer" (the new page gets neither a handle on this one nor its address).
 */
export async function expectSafeLinks(page: Page, screen: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const unsafe = (await pageLinks(page)).filter((link) => {
    const url = new URL(link.href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return true;
    const leaves = url.origin !== origin || link.target === '_blank';
    return leaves && !(link.rel.includes('noopener') && link.rel.includes('noreferrer'));
  });
  expect(unsafe, `${screen}: unsafe links`).toEqual([]);
}

/**
 * The document's CSP allows only this response's nonce and the site's own files as scripts: no
 * 'unsafe-inline', no 'unsafe-eval', no other host; objects off, base and framing locked.
 */
export function expectStrictCsp(response: Response | null, screen: string): string {
  expect(response, screen).not.toBeNull();
  const csp = response!.headers()['content-security-policy'] ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
  const scripts = directives.get('script-src') ?? directives.get('default-src') ?? [];
  expect(
    scripts.filter((value) => !/^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(value)),
    `${screen}: script-src ${scripts.join(' ')}`,
  ).toEqual(["'self'"]);
  expect(
    scripts.some((value) => value.startsWith("'nonce-")),
    `${screen}: script-src has a nonce`,
  ).toBe(true);
  expect(directives.get('object-src'), screen).toEqual(["'none'"]);
  expect(directives.get('base-uri'), screen).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors'), screen).toEqual(["'none'"]);
  return scripts.find((value) => value.startsWith("'nonce-"))!;
}

/**
 * A member's text carrying a right-to-left override (U+202E) must not turn the product's own words
 * around it backwards ("liked your post" shown as "tsop ruoy dekil"): the override runs to the end
 * of its bidi paragraph or isolate, so every place that shows `text` must end it there, with `<bdi>`
 * (or `unicode-bidi: isolate`) or a block of its own. Checked on every visible occurrence: within the
 * nearest isolating ancestor (a non-inline box or an isolate), nothing but `text` may follow it.
 */
export async function expectBidiIsolated(page: Page, text: string, screen: string): Promise<void> {
  const leaks = await page.evaluate((needle) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.nodeValue ?? '';
      const at = value.indexOf(needle);
      if (at < 0 || !node.parentElement || !node.parentElement.checkVisibility()) continue;
      let unit: Element = node.parentElement;
      for (;;) {
        const style = getComputedStyle(unit);
        const isolates = style.display !== 'inline' && style.display !== 'contents';
        if (isolates || ['isolate', 'isolate-override', 'plaintext'].includes(style.unicodeBidi) || !unit.parentElement) break;
        unit = unit.parentElement;
      }
      const range = document.createRange();
      range.setStart(node, at + needle.length);
      range.setEnd(unit, unit.childNodes.length);
      const after = range.toString().trim();
      if (after)
        found.push(`<${unit.tagName.toLowerCase()}> "${(unit.textContent ?? '').slice(0, 120)}" (after the name: "${after.slice(0, 60)}")`);
    }
    return found;
  }, text);
  expect(leaks, `${screen}: a member's right-to-left override runs on into the text after it`).toEqual([]);
}
