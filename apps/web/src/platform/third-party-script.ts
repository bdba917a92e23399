/**
 * Adds a third-party script to the page once (issue 4: scripts load only when their service is
 * configured, and the server's Content Security Policy then names their host).
 */
export function loadThirdPartyScript(src: string, doc: Document = document): HTMLScriptElement {
  const existing = Array.from(doc.scripts).find((script) => script.src === src);
  if (existing) return existing;
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  script.crossOrigin = 'anonymous';
  doc.head.append(script);
  return script;
}
