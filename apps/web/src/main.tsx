import './zod-config';
import '@mantine/core/styles.css';
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
