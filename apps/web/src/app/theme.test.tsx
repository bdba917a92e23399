import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider, PasswordInput, TextInput } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';
import inputClasses from './input.module.css';

function renderThemed(ui: React.ReactNode) {
  return render(<MantineProvider theme={theme}>{ui}</MantineProvider>);
}

describe('theme', () => {
  it('puts "Show password" in the tab order of every password field', () => {
    renderThemed(<PasswordInput label="Password" />);
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.tabIndex).toBe(0);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('gives every text field the class that draws its 2 px focus ring', () => {
    renderThemed(<TextInput label="Name" />);
    expect(inputClasses.input).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' }).classList.contains(inputClasses.input ?? 'none')).toBe(true);
  });

  it('makes placeholders gray-7 (8.2:1 on white), not Mantine’s gray-5 (2.07:1)', () => {
    expect(cssVariablesResolver(theme as never).light['--mantine-color-placeholder']).toBe('var(--mantine-color-gray-7)');
  });
});
