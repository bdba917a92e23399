import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { ListItem } from '@tiptap/extension-list';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import classes from './rich-text-editor.module.css';

/**
 * The job description's editor (TipTap, over ProseMirror), loaded only when the last step opens.
 * It keeps to what a job post needs and the server's sanitiser lets through: paragraphs, bold,
 * italic, bulleted and numbered lists, links (web and email addresses only) and two small
 * heading levels (h3, h4, below the page's own headings). Pasted content is reduced to the same.
 *
 * Accessibility: the editable area is a labelled, described multi-line textbox; the formatting
 * buttons form a toolbar with one tab stop and arrow keys between buttons (WAI-ARIA toolbar
 * pattern), each button saying whether its format is on (aria-pressed). Tab always leaves the
 * editor (list items do not capture it), so the keyboard never gets stuck inside.
 */
export interface RichTextEditorProps {
  readonly id: string;
  readonly labelId: string;
  readonly describedBy: string | undefined;
  readonly isInvalid: boolean;
  readonly isRequired: boolean;
  /** HTML; '' for an empty description. */
  readonly value: string;
  readonly onChange: (html: string) => void;
  readonly onFocus: () => void;
}

const ALLOWED_LINK = /^(https?:\/\/|mailto:)[^\s]+$/i;

/** A typed web address made into a link target: "example.com" → "https://example.com". */
export function normaliseLink(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (ALLOWED_LINK.test(trimmed)) return trimmed;
  if (/^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(trimmed)) return `https://${trimmed}`;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return `mailto:${trimmed}`;
  return null;
}

/** Items stay in their list when Tab is pressed elsewhere: only Enter splits an item. */
const ListItemWithoutTab = ListItem.extend({
  addKeyboardShortcuts() {
    return { Enter: () => this.editor.commands.splitListItem(this.name) };
  },
});

function attributesFor(props: RichTextEditorProps): Record<string, string> {
  return {
    id: props.id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': props.labelId,
    ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
    ...(props.isInvalid ? { 'aria-invalid': 'true' } : {}),
    ...(props.isRequired ? { 'aria-required': 'true' } : {}),
    class: classes.content ?? '',
  };
}

export default function RichTextEditor(props: RichTextEditorProps) {
  const { value, onChange, onFocus } = props;
  const lastEmitted = useRef(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        listItem: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          isAllowedUri: (url) => ALLOWED_LINK.test(url),
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
        },
      }),
      ListItemWithoutTab,
    ],
    content: value,
    editorProps: { attributes: attributesFor(props) },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      lastEmitted.current = html;
      onChange(html);
    },
    onFocus: () => onFocus(),
  });

  // The label, description and error state change after the editor is made.
  const attributes = attributesFor(props);
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);

  // A value set from outside (a loaded job, "Start again") replaces what the editor shows.
  useEffect(() => {
    if (value === lastEmitted.current) return;
    lastEmitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className={classes.editor} data-invalid={props.isInvalid || undefined}>
      <Toolbar editor={editor} editorId={props.id} />
      <EditorContent editor={editor} />
    </div>
  );
}

interface ToolbarButton {
  readonly label: string;
  readonly isActive: (editor: Editor) => boolean;
  readonly run: (editor: Editor) => void;
}

const buttons: readonly ToolbarButton[] = [
  { label: 'Bold', isActive: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: 'Italic', isActive: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  {
    label: 'Heading',
    isActive: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: 'Small heading',
    isActive: (e) => e.isActive('heading', { level: 4 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 4 }).run(),
  },
  { label: 'Bulleted list', isActive: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: 'Numbered list', isActive: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
];

function Toolbar({ editor, editorId }: { editor: Editor; editorId: string }) {
  const [activeIndex, setActiveIndex] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const pressed = useEditorState({
    editor,
    selector: ({ editor: current }) => [...buttons.map((button) => button.isActive(current)), current.isActive('link')],
  });
  const count = buttons.length + 1;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = { ArrowRight: activeIndex + 1, ArrowLeft: activeIndex - 1, Home: 0, End: count - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + count) % count;
    setActiveIndex(next);
    refs.current[next]?.focus();
  }

  return (
    <div role="toolbar" aria-label="Formatting" aria-controls={editorId} className={classes.toolbar} onKeyDown={onKeyDown}>
      {buttons.map((button, index) => (
        <Button
          key={button.label}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          size="compact-md"
          variant={pressed[index] ? 'filled' : 'default'}
          aria-pressed={pressed[index] ?? false}
          tabIndex={index === activeIndex ? 0 : -1}
          onFocus={() => setActiveIndex(index)}
          // A mouse press leaves focus and the selection in the text, so the format applies where the user was typing.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => button.run(editor)}
        >
          {button.label}
        </Button>
      ))}
      <LinkButton
        editor={editor}
        isActive={pressed[buttons.length] ?? false}
        tabIndex={activeIndex === buttons.length ? 0 : -1}
        buttonRef={(element) => {
          refs.current[buttons.length] = element;
        }}
        onFocus={() => setActiveIndex(buttons.length)}
      />
    </div>
  );
}

/** Adds, changes or removes a link, asking for its address in a small dialog. */
function LinkButton({
  editor,
  isActive,
  tabIndex,
  buttonRef,
  onFocus,
}: {
  editor: Editor;
  isActive: boolean;
  tabIndex: number;
  buttonRef: (element: HTMLButtonElement | null) => void;
  onFocus: () => void;
}) {
  const inputId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);

  function open() {
    const current: unknown = editor.getAttributes('link').href;
    setAddress(typeof current === 'string' ? current : '');
    setError(null);
    setIsOpen(true);
  }

  function close() {
    setIsOpen(false);
    editor.commands.focus();
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    const href = normaliseLink(address);
    if (!href) {
      setError('Enter a web address, such as https://example.com, or an email address');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: address.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    setIsOpen(false);
  }

  function remove() {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setIsOpen(false);
  }

  return (
    <Popover opened={isOpen} onChange={setIsOpen} onDismiss={close} trapFocus returnFocus position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Button
          ref={buttonRef}
          type="button"
          size="compact-md"
          variant={isActive ? 'filled' : 'default'}
          aria-pressed={isActive}
          aria-haspopup="dialog"
          tabIndex={tabIndex}
          onFocus={onFocus}
          onClick={() => (isOpen ? close() : open())}
        >
          Link
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label="Link">
        <form onSubmit={save} noValidate>
          <Stack gap="sm" w={320}>
            <TextInput
              id={inputId}
              label="Link address"
              description="A web address or an email address"
              value={address}
              error={error}
              onChange={(event) => setAddress(event.currentTarget.value)}
              onFocus={() => setError(null)}
              data-autofocus
            />
            <Group gap="xs">
              <Button type="submit" size="compact-md">
                {isActive ? 'Change link' : 'Add link'}
              </Button>
              {isActive && (
                <Button type="button" size="compact-md" variant="outline" onClick={remove}>
                  Remove link
                </Button>
              )}
              <Button type="button" size="compact-md" variant="subtle" onClick={close}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
