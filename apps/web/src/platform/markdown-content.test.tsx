import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { testSiteConfig } from '../app/test-app';
import { markdownToTree } from '@tendly/domain/markdown-to-tree';
import { headingSlug, MarkdownContent, markdownHeadings } from './markdown-content';

function renderMarkdown(markdown: string, headingOffset?: number) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <MarkdownContent content={markdownToTree(markdown)} headingOffset={headingOffset} /> },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders siteConfig={testSiteConfig()} queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('MarkdownContent', () => {
  it('renders # as h2 and ## as h3 by default, each with an id from its text', () => {
    renderMarkdown('# Who we are\n\nText.\n\n## Our team & values\n\nMore.');
    const h2 = screen.getByRole('heading', { level: 2, name: 'Who we are' });
    expect(h2.id).toBe('who-we-are');
    expect(screen.getByRole('heading', { level: 3, name: 'Our team & values' }).id).toBe('our-team-and-values');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('shifts headings by the offset it is given, never past h6', () => {
    renderMarkdown('# Top\n\n##### Deep\n\n###### Deepest', 2);
    expect(screen.getByRole('heading', { level: 3, name: 'Top' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 6 }).map((h) => h.textContent)).toEqual(['Deep', 'Deepest']);
  });

  it('fills the brand and support contacts from the site configuration, in text and in links', () => {
    renderMarkdown(
      '# About {brand}\n\nCall {supportPhone} or [email us](mailto:{supportEmail}) or [call](tel:{supportPhone}).\n\nSee [your rights](/your-rights-using-{brand}).',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'About Tendly' }).id).toBe('about-tendly');
    expect(screen.getByText(/Call 1300 836 359 or/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'email us' }).getAttribute('href')).toBe('mailto:support@tendly.com.au');
    expect(screen.getByRole('link', { name: 'call' }).getAttribute('href')).toBe('tel:1300836359');
    expect(screen.getByRole('link', { name: 'your rights' }).getAttribute('href')).toBe('/your-rights-using-tendly');
  });

  it('follows internal links inside the app and opens external links safely', async () => {
    const user = userEvent.setup();
    const router = renderMarkdown('[Privacy](/privacy-policy) and [the Commission](https://www.ndiscommission.gov.au/).');
    const external = screen.getByRole('link', { name: 'the Commission' });
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('rel')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Privacy' }));
    expect(router.state.location.pathname).toBe('/privacy-policy');
    expect(await screen.findByText('Another page')).toBeTruthy();
  });

  it('puts a table in a focusable, named region that scrolls on narrow screens', () => {
    renderMarkdown('| What | When |\n| --- | --- |\n| Acknowledge | 1 business day |');
    const region = screen.getByRole('region', { name: 'Table: What, When' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table')).toBeTruthy();
    expect(within(region).getByRole('cell', { name: '1 business day' })).toBeTruthy();
  });

  it('does not render raw HTML from the source', () => {
    const { container } = render(
      <AppProviders siteConfig={testSiteConfig()} queryClient={new QueryClient()}>
        <RouterProvider
          router={createMemoryRouter([{ path: '/', element: <MarkdownContent content={markdownToTree('Hi <script>alert(1)</script><b>bold</b> [x](javascript:alert(1))')} /> }])}
        />
      </AppProviders>,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
  });

  it('gives repeated headings distinct ids, the same ones markdownHeadings lists', () => {
    const markdown = '# Scope\n\n## Workers\n\n# Scope\n\n```\n# not a heading\n```\n\n# Contact **{brand}**';
    renderMarkdown(markdown);
    const rendered = screen.getAllByRole('heading').map((heading) => heading.id);
    const listed = markdownHeadings(markdownToTree(markdown), testSiteConfig());
    expect(listed.map((heading) => heading.id)).toEqual(rendered);
    expect(listed).toEqual([
      { id: 'scope', text: 'Scope', depth: 1 },
      { id: 'workers', text: 'Workers', depth: 2 },
      { id: 'scope-2', text: 'Scope', depth: 1 },
      { id: 'contact-tendly', text: 'Contact Tendly', depth: 1 },
    ]);
  });

  it('makes slugs from any text', () => {
    expect(headingSlug('  Café: rights & duties (2026) ')).toBe('cafe-rights-and-duties-2026');
    expect(headingSlug('?!')).toBe('section');
  });
});
