// ESLint rule: imports flow one way (STYLE.md rule 1, ARCHITECTURE.md).
//   app shell → features → platform → domain
// - packages/domain imports nothing of ours outside itself, and no framework or database library;
// - a platform module imports only platform modules of its app and the domain;
// - a feature imports its own folder, its app's platform and the domain, never another feature;
// - the app shell (apps/*/src outside features/ and platform/) may import anything in its app;
// - one app never imports another app's files.
// Test files may import anything in their own app (they build the whole app to test a part).
import path from 'node:path';

const DOMAIN_FORBIDDEN_PACKAGES = /^(react|react-dom|react-router|@mantine\/.*|@tanstack\/.*|fastify|@fastify\/.*|drizzle-orm|pg|@electric-sql\/.*)(\/.*)?$/;

/** Where a file sits in the architecture, or null when the rule does not apply to it. */
export function classify(absoluteFile, root) {
  const relative = path.relative(root, absoluteFile).split(path.sep).join('/');
  if (relative.startsWith('packages/domain/')) return { app: 'domain', layer: 'domain' };
  const match = /^apps\/([^/]+)\/src\/(.*)$/.exec(relative);
  if (!match) return null;
  const [, app, rest] = match;
  const feature = /^features\/([^/]+)\//.exec(rest);
  if (feature) return { app, layer: 'feature', feature: feature[1] };
  if (rest.startsWith('platform/')) return { app, layer: 'platform' };
  return { app, layer: 'shell' };
}

function isTestFile(file) {
  return /\.test\.[cm]?[jt]sx?$/.test(file) || /(^|\/)test-[^/]*\.[jt]sx?$/.test(file);
}

/** Why importing `to` from `from` breaks the direction, or null when it is fine. */
export function violation(from, to, { isTest = false } = {}) {
  if (from.layer === 'domain') {
    return to.layer === 'domain' ? null : 'the domain package imports nothing of the apps';
  }
  if (to.layer === 'domain') return null;
  if (to.app !== from.app) return `apps/${from.app} must not import files of apps/${to.app}`;
  if (isTest || from.layer === 'shell') return null;
  if (to.layer === 'shell') return `a ${from.layer} module must not import the app shell`;
  if (from.layer === 'platform') {
    return to.layer === 'platform' ? null : `platform must not import the feature "${to.feature}"`;
  }
  // from a feature
  if (to.layer === 'platform') return null;
  if (to.feature === from.feature) return null;
  return `the feature "${from.feature}" must not import the feature "${to.feature}"`;
}

function sourcesOf(node) {
  return node.source && typeof node.source.value === 'string' ? [node.source] : [];
}

export const importDirection = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports flowing one way: app shell → features → platform → domain.' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: { wrongDirection: 'Import against the architecture: {{reason}}.' },
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const filename = context.filename;
    const from = classify(filename, root);
    if (!from) return {};
    const isTest = isTestFile(filename);

    function check(sourceNode) {
      const specifier = sourceNode.value;
      let to;
      if (specifier.startsWith('.')) {
        to = classify(path.resolve(path.dirname(filename), specifier), root);
      } else if (specifier.startsWith('@tendly/domain')) {
        to = { app: 'domain', layer: 'domain' };
      } else if (/^@tendly\/(api|web)(\/|$)/.test(specifier)) {
        to = { app: specifier.split('/')[1], layer: 'shell' };
      } else {
        if (from.layer === 'domain' && DOMAIN_FORBIDDEN_PACKAGES.test(specifier)) {
          context.report({ node: sourceNode, messageId: 'wrongDirection', data: { reason: `the domain package stays free of ${specifier}` } });
        }
        return;
      }
      if (!to) return;
      const reason = violation(from, to, { isTest });
      if (reason) context.report({ node: sourceNode, messageId: 'wrongDirection', data: { reason } });
    }

    return {
      ImportDeclaration: (node) => sourcesOf(node).forEach(check),
      ExportNamedDeclaration: (node) => sourcesOf(node).forEach(check),
      ExportAllDeclaration: (node) => sourcesOf(node).forEach(check),
      ImportExpression: (node) => {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') check(node.source);
      },
    };
  },
};

export const architecturePlugin = { rules: { 'import-direction': importDirection } };
