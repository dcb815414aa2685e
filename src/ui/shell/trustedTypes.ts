/**
 * The page's one Trusted Types policy, `default`, installed before anything else runs
 * (main.tsx imports this module first). The Content-Security-Policy in index.html requires
 * Trusted Types for every script sink, so a plain string reaching `innerHTML`, `eval` or a
 * script URL throws unless a policy vouches for it. This one vouches only for script URLs of
 * the page's own origin, the Web Workers' entry files (`new Worker(new URL(…))` passes a
 * string); it makes no HTML and no script, so every HTML sink throws and renders nothing.
 */

interface PolicyFactory {
  readonly defaultPolicy: unknown;
  createPolicy(name: string, rules: { createScriptURL: (url: string) => string }): unknown;
}

const factory = (globalThis as { trustedTypes?: PolicyFactory }).trustedTypes;
// Browsers without Trusted Types ignore the directive; a reloaded module finds it made.
if (factory !== undefined && factory.defaultPolicy === null) {
  factory.createPolicy('default', {
    createScriptURL: (url) => {
      const origin = new URL(url, document.baseURI).origin;
      if (origin !== location.origin) throw new TypeError(`script URL from ${origin} refused`);
      return url;
    },
  });
}
