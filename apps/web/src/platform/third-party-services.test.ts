import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackPageView } from './analytics';
import { chatWidgetScriptUrl, startChatWidget } from './chat-widget';
import { errorReportingScriptUrl, startErrorReporting } from './error-reporting';

afterEach(() => {
  delete window.fcWidget;
  delete window.fbq;
  delete window.dataLayer;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

const scriptSources = () => Array.from(document.scripts).map((script) => script.src);

describe('page views', () => {
  it('go to the data layer and to the pixel as PageView when both are configured', () => {
    const fbq = vi.fn();
    window.fbq = fbq;
    trackPageView({ gtmId: 'GTM-TEST', metaPixelId: 'PIXEL' }, '/about-us');
    expect(window.dataLayer).toEqual([{ event: 'page_view', page_path: '/about-us' }]);
    expect(fbq).toHaveBeenCalledWith('track', 'PageView');
  });

  it('send nothing without configuration', () => {
    const fbq = vi.fn();
    window.fbq = fbq;
    trackPageView({}, '/');
    expect(fbq).not.toHaveBeenCalled();
    expect(window.dataLayer).toBeUndefined();
  });
});

describe('chat widget', () => {
  const user = { freshchatId: 'fc-1', firstName: 'Alex', email: 'alex@example.com' };

  it('loads nothing without a token', () => {
    expect(startChatWidget({}, user)).toBeNull();
    expect(scriptSources()).toEqual([]);
  });

  it('loads the widget and starts it with the id from the login response', () => {
    const config = { chatWidget: { token: 'chat-token', host: 'https://wchat.freshchat.com' } };
    const script = startChatWidget(config, user);
    expect(scriptSources()).toEqual([chatWidgetScriptUrl('https://wchat.freshchat.com')]);
    const init = vi.fn();
    window.fcWidget = { init };
    script?.dispatchEvent(new Event('load'));
    expect(init).toHaveBeenCalledWith({
      token: 'chat-token',
      host: 'https://wchat.freshchat.com',
      externalId: 'fc-1',
      firstName: 'Alex',
      email: 'alex@example.com',
    });
  });

  it('starts a visitor without an id', () => {
    const init = vi.fn();
    window.fcWidget = { init };
    startChatWidget({ chatWidget: { token: 't', host: 'https://chat.example.com/' } }, null);
    expect(init).toHaveBeenCalledWith({ token: 't', host: 'https://chat.example.com/' });
  });
});

describe('error reporting', () => {
  it('loads nothing without a DSN', () => {
    startErrorReporting({});
    expect(scriptSources()).toEqual([]);
  });

  it("loads the loader script for the DSN's public key", () => {
    startErrorReporting({ errorReportingDsn: 'https://abc123@o42.ingest.sentry.io/7' });
    expect(scriptSources()).toEqual(['https://js.sentry-cdn.com/abc123.min.js']);
    expect(errorReportingScriptUrl('https://o42.ingest.sentry.io/7')).toBeNull();
  });
});
