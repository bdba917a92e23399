import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackLogin, trackLogout } from './analytics';

afterEach(() => {
  delete window.fbq;
});

describe('login and logout events', () => {
  it('go to the data layer when a tag manager id is configured', () => {
    trackLogin({ gtmId: 'GTM-TEST' }, 'CR');
    trackLogout({ gtmId: 'GTM-TEST' });
    expect(window.dataLayer).toEqual([{ event: 'login', role: 'CR' }, { event: 'logout' }]);
  });

  it('go to the pixel only when a pixel id is configured and fbq is on the page', () => {
    const fbq = vi.fn();
    trackLogin({ metaPixelId: 'PIXEL' }, 'CS');
    window.fbq = fbq;
    trackLogin({}, 'CS');
    expect(fbq).not.toHaveBeenCalled();
    trackLogin({ metaPixelId: 'PIXEL' }, 'CS');
    trackLogout({ metaPixelId: 'PIXEL' });
    expect(fbq.mock.calls).toEqual([
      ['trackCustom', 'Login', { role: 'CS' }],
      ['trackCustom', 'Logout', undefined],
    ]);
    expect(window.dataLayer).toBeUndefined();
  });

  it('send nothing without configuration', () => {
    window.fbq = vi.fn();
    trackLogin({}, 'SUPPORT');
    trackLogout({});
    expect(window.dataLayer).toBeUndefined();
    expect(window.fbq).not.toHaveBeenCalled();
  });
});
