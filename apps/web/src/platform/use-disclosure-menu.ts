import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useClickOutside } from '@mantine/hooks';

/**
 * A disclosure menu: a button that shows a short list of links or actions (the account menu, a
 * conversation's options). A click elsewhere closes it; Escape closes it and gives focus back to
 * the button. Spread `containerProps` on the element round both and `toggleProps` on the button
 * (its ref, aria-expanded, aria-controls and click), and give `panelId` to the list.
 */
export function useDisclosureMenu() {
  const panelId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const container = useClickOutside<HTMLDivElement>(() => setIsOpen(false));

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !isOpen) return;
    setIsOpen(false);
    toggle.current?.focus();
  }

  /** Closes the menu and gives focus back to the button, then does what was chosen. */
  function choose(action: () => void) {
    setIsOpen(false);
    toggle.current?.focus();
    action();
  }

  return {
    panelId,
    isOpen,
    setIsOpen,
    choose,
    containerProps: { ref: container, onKeyDown: closeOnEscape },
    toggleProps: { ref: toggle, 'aria-expanded': isOpen, 'aria-controls': panelId, onClick: () => setIsOpen((open) => !open) },
  };
}
