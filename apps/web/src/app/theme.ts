import {
  createTheme,
  type ButtonStylesNames,
  type CSSVariablesResolver,
  type InputStylesNames,
  type MantineColorsTuple,
  type PasswordInputProps,
} from '@mantine/core';
import buttonClasses from './button.module.css';
import inputClasses from './input.module.css';

/**
 * A calm teal. Shade 7 (#0e7378) is the primary shade: white text on it is 5.6:1 and it is 5.6:1
 * as link text on white (5.3:1 on gray-0), above WCAG AA's 4.5:1. Mantine's default blue-6 and
 * the lighter shades here do not pass, so they are only for backgrounds and borders.
 */
const tendlyTeal: MantineColorsTuple = [
  '#e6f7f7',
  '#c5ecec',
  '#9adcdc',
  '#6bc9ca',
  '#43b5b8',
  '#23a0a4',
  '#138a8f',
  '#0e7378',
  '#0a5f63',
  '#064a4d',
];

export const theme = createTheme({
  primaryColor: 'tendlyTeal',
  primaryShade: 7,
  colors: { tendlyTeal },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  // Plain objects, not `Input.extend(...)`: that names the component, and the theme loads with the
  // entry, so every page's first load carried the text and password fields (5 KB gzipped) that
  // the home page does not show (issue 32, item 3). Typed by hand as `extend` would type them.
  components: {
    Button: { classNames: { root: buttonClasses.root, inner: buttonClasses.inner, label: buttonClasses.label } satisfies Partial<Record<ButtonStylesNames, string>> },
    // Every text field, select and picker: Mantine styles them all through Input.
    Input: { classNames: { input: inputClasses.input } satisfies Partial<Record<InputStylesNames, string>> },
    // "Show password" is reached by Tab on every password field: Mantine leaves it out of the tab
    // order by default (tabIndex -1), which keyboard users cannot get past.
    PasswordInput: {
      defaultProps: { visibilityToggleFocusable: true, visibilityToggleButtonProps: { 'aria-label': 'Show password' } } satisfies Partial<PasswordInputProps>,
    },
  },
});

/**
 * Mantine's default dimmed text (gray-6, 3.3:1), error text (red-6, 3.3:1) and placeholders
 * (gray-5, 2.07:1) fail AA on white; gray-7 (8.2:1) and red-9 (5.5:1) pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
