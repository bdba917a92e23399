import { useRef } from 'react';
import { Outlet } from 'react-router';
import { Box } from '@mantine/core';
import { AliasBanner } from './alias-banner';
import { RedirectNotice } from './redirect-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';
import { useRouteChangeEffects } from './use-route-change-effects';
import { useThirdPartyIntegrations } from './use-third-party-integrations';
import classes from './app-layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The frame of every page: skip link, the banner of an alias session, header, the routed screen
 * in <main>, footer.
 */
export function AppLayout() {
  const mainRef = useRef<HTMLElement>(null);
  useRouteChangeEffects(mainRef);
  useThirdPartyIntegrations();
  return (
    <div className={classes.page}>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <AliasBanner />
      <SiteHeader />
      <Box component="main" id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className={classes.main}>
        <RedirectNotice />
        <Outlet />
      </Box>
      <SiteFooter />
    </div>
  );
}
