import './zod-config';
// Mantine's global styles and the components most others are built on, in Mantine's order; each
// module adds the stylesheets of the components it imports (mantine-styles-plugin.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Flex.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadSiteConfig } from './platform/site-config';

async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  try {
    const siteConfig = await loadSiteConfig();
    root.render(
      <StrictMode>
        <App siteConfig={siteConfig} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Could not load the site configuration', error);
    root.render(<StartFailure />);
  }
}

/** Without configuration there is no brand or menu to show; say so plainly, in a landmark. */
function StartFailure() {
  return (
    <main style={{ maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem', fontFamily: 'system-ui, sans-serif' }}>
      <h1>We could not load this page</h1>
      <p>Our servers may be busy. Please check your internet connection and reload the page in a minute.</p>
    </main>
  );
}

const container = document.getElementById('root');
if (container) void start(container);
