import type { SiteConfig } from '@tendly/domain/site-config';
import { loadThirdPartyScript } from './third-party-script';

/**
 * The chat widget (Freshchat; spec sections 3 and 7): set up at start when a token is configured,
 * and told who the user is with the `freshchatId` of the login response, so a conversation
 * continues across devices. Without a token nothing is loaded.
 */
interface ChatWidget {
  init(options: { token: string; host: string; externalId?: string; firstName?: string; email?: string }): void;
  user?: { clear(): void };
}

declare global {
  interface Window {
    fcWidget?: ChatWidget;
  }
}

export function chatWidgetScriptUrl(host: string): string {
  return `${host.replace(/\/+$/, '')}/js/widget.js`;
}

export interface ChatUser {
  readonly freshchatId?: string | null | undefined;
  readonly firstName: string;
  readonly email: string;
}

/** Loads the widget and starts it for the user (or for a visitor); returns the script element. */
export function startChatWidget(config: SiteConfig['integrations'], user: ChatUser | null): HTMLScriptElement | null {
  const widget = config.chatWidget;
  if (!widget) return null;
  const init = () =>
    window.fcWidget?.init({
      token: widget.token,
      host: widget.host,
      ...(user?.freshchatId ? { externalId: user.freshchatId, firstName: user.firstName, email: user.email } : {}),
    });
  if (window.fcWidget) {
    init();
    return null;
  }
  const script = loadThirdPartyScript(chatWidgetScriptUrl(widget.host));
  script.addEventListener('load', init, { once: true });
  return script;
}
