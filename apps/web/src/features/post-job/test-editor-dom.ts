/**
 * jsdom has no layout, and ProseMirror asks where text is on screen while it reads typing. These
 * answer "nowhere", which is enough for the editor to take text in tests.
 */
export function giveJsdomWhatTheEditorMeasures(): void {
  const noRects = (): DOMRectList => {
    const list: DOMRect[] = [];
    return Object.assign(list, { item: (index: number) => list[index] ?? null });
  };
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  document.elementFromPoint ??= () => null;
}
