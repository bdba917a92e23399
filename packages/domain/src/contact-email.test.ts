import { describe, expect, it } from 'vitest';
import { hasNoMailbox, NO_EMAIL_ADDRESS, shownEmail } from './contact-email';

describe('addresses with no mailbox', () => {
  it('never shows a managed client’s stand-in address, or a closed account’s', () => {
    expect(shownEmail('client-6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a@managed.invalid')).toBe(NO_EMAIL_ADDRESS);
    expect(shownEmail('  CLIENT-6F1C2B1E-8A0B-4C55-9A77-1F0E2D3C4B5A@MANAGED.INVALID ')).toBe(NO_EMAIL_ADDRESS);
    expect(shownEmail('closed-1@closed.invalid')).toBe(NO_EMAIL_ADDRESS);
    expect(hasNoMailbox('client-1@managed.invalid')).toBe(true);
  });

  it('shows every real address as it is, even one that only mentions invalid', () => {
    expect(shownEmail('helen@example.com')).toBe('helen@example.com');
    expect(shownEmail('client@managed.invalid.example.com')).toBe('client@managed.invalid.example.com');
    expect(hasNoMailbox('invalid@example.com')).toBe(false);
  });
});
