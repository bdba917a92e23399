import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Asks before someone leaves a page with work not saved: a dialog for a move inside the app (a
 * link, Back), and the browser's own question for closing the tab or reloading. Moves that stay
 * on the page (a change of its query string or hash) pass.
 */
export function LeaveGuard({ when, title, children }: { when: boolean; title: string; children: ReactNode }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to ask; the text itself is the browser's own.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  // A move that was waiting when the work got saved goes ahead.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={title}
      confirmLabel="Leave this page"
      cancelLabel="Stay on this page"
      busy={false}
      error={null}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      {children}
    </ConfirmDialog>
  );
}
