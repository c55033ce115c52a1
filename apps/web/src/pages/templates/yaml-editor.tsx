import { yaml } from '@codemirror/lang-yaml';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, linter, lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { templateIssues } from './template-issues';

/**
 * The CodeMirror 6 YAML editor of /templates. Its own chunk (loaded with React.lazy), so
 * CodeMirror never weighs on the sign-in route. Live validation: the core parser's issues become
 * diagnostics at their line and column.
 */
export type YamlEditorProps = {
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  label: string;
};

const darkTheme = EditorView.theme(
  {
    '&': { backgroundColor: '#18181b', color: '#e4e4e7', fontSize: '13px', height: '100%' },
    '.cm-content': { caretColor: '#fafafa', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
    '.cm-gutters': { backgroundColor: '#18181b', color: '#71717a', borderInlineEnd: '1px solid #27272a' },
    '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: '#27272a66' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: '#3f3f4688' },
    '.cm-scroller': { overflow: 'auto' },
    '.cm-tooltip': { backgroundColor: '#27272a', color: '#e4e4e7', border: '1px solid #3f3f46' },
  },
  { dark: true },
);

/** Colours readable on the panel's dark background (the default style is made for light ones). */
const darkHighlight = HighlightStyle.define([
  { tag: [tags.definition(tags.propertyName), tags.propertyName], color: '#93c5fd' },
  { tag: tags.string, color: '#fca5a5' },
  { tag: [tags.number, tags.bool, tags.null], color: '#fcd34d' },
  { tag: tags.comment, color: '#71717a', fontStyle: 'italic' },
  { tag: [tags.keyword, tags.typeName, tags.labelName], color: '#c4b5fd' },
  { tag: [tags.punctuation, tags.separator], color: '#a1a1aa' },
]);

function diagnostics(view: EditorView): Diagnostic[] {
  const doc = view.state.doc;
  return templateIssues(doc.toString()).map((issue) => {
    const line = doc.line(Math.min(Math.max(1, issue.line), doc.lines));
    const from = Math.min(line.from + Math.max(0, issue.column - 1), line.to);
    return { from, to: Math.max(from, line.to), severity: issue.severity, message: issue.message };
  });
}

export default function YamlEditor({ value, onChange, readOnly = false, label }: YamlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is made once; value and readOnly follow below.
  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          yaml(),
          darkTheme,
          syntaxHighlighting(darkHighlight),
          lintGutter(),
          linter(diagnostics, { delay: 300 }),
          EditorState.readOnly.of(readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [readOnly]);

  // A template picked in the list replaces the text; the user's own typing is already there.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  // Code reads left to right in both languages.
  return (
    <div
      ref={host}
      dir="ltr"
      className="h-full min-h-[420px] overflow-hidden rounded-lg border border-zinc-800"
    />
  );
}
