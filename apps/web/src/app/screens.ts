import type { ComponentType } from 'react';

/**
 * Which page component renders each screen of the route table (`RouteDef.screen`), loaded on
 * demand so a visitor downloads only the screen they open. A route whose screen is missing here
 * renders the not-found page until its screen is built; `npm run routes` lists the gaps.
 *
 * Only `import()` expressions here: scripts/routes.ts loads this module in Node, without a DOM.
 */
export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

export const notFoundScreen: ScreenLoader = () => import('../features/errors/not-found-page');

export const screens: Partial<Record<string, ScreenLoader>> = {
  notFound: notFoundScreen,
  home: () => import('../features/home/home-page'),
  login: () => import('../features/auth/login-page'),
  forgotPassword: () => import('../features/auth/forgot-password-page'),
  resetPassword: () => import('../features/auth/reset-password-page'),
  workerRegister: () => import('../features/auth/worker-register-page'),
  coordinatorRegister: () => import('../features/auth/coordinator-register-page'),
  careSeekerDashboard: () => import('../features/care-seeker-dashboard/care-seeker-dashboard-page'),
  workerDashboard: () => import('../features/worker-dashboard/worker-dashboard-page'),
  coordinatorDashboard: () => import('../features/coordinator/coordinator-dashboard-page'),
};
