/**
 * Prints every route of the route table with whether the web app has built its screen yet:
 * `npm run routes`. It reads the screen map of apps/web without loading any screen, so it runs in
 * Node without a DOM.
 */
import { routeTable } from '@tendly/domain/routes';

// A computed specifier keeps `tsc -p scripts` (Node types, no JSX) from type-checking the web
// app's screens through this import; the value is checked below instead.
const screensModulePath = '../apps/web/src/app/screens';
const screensModule: unknown = await import(screensModulePath);

function screenIds(module: unknown): ReadonlySet<string> {
  if (typeof module !== 'object' || module === null || !('screens' in module)) {
    throw new Error(`${screensModulePath} does not export screens`);
  }
  const { screens } = module;
  if (typeof screens !== 'object' || screens === null) throw new Error('screens is not an object');
  return new Set(Object.entries(screens).filter(([, load]) => typeof load === 'function').map(([id]) => id));
}

const built = screenIds(screensModule);
let builtCount = 0;
for (const route of routeTable) {
  const hasScreen = built.has(route.screen);
  if (hasScreen) builtCount += 1;
  const screen = route.screen === route.id ? '' : `  (screen ${route.screen})`;
  console.log(`${hasScreen ? '✔' : '✘'} ${route.path.padEnd(58)} ${route.id}${screen}`);
}
console.log(`${builtCount}/${routeTable.length} routes have a screen`);
