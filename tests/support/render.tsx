import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

/**
 * A React root of its own for every test of the file that calls this (at the top level): mounted in a fresh
 * container before each test, unmounted and removed after it. `render` commits inside act(), so effects have run
 * when it returns.
 */
export function createTestRoot() {
  let container: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    // Tells React that updates happen inside act(), as in its own tests.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
  });

  return {
    /** The element the tree renders into (portalled content, such as a dialog, sits in document.body instead). */
    get container() {
      return container;
    },
    render: (ui: ReactNode) =>
      act(async () => {
        root.render(ui);
      }),
  };
}

/** Lets pending promises, and the React work that follows each of them, run. */
export const settle = (rounds = 5) =>
  act(async () => {
    for (let i = 0; i < rounds; i += 1) await Promise.resolve();
  });

/** Types into an input the way React sees it: its value setter, then the native input event React listens to. */
export async function typeInto(input: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The button whose whole text is `name`, anywhere in the document (dialogs are portalled out of the container). */
export function buttonNamed(name: string): HTMLButtonElement {
  const button = [...document.querySelectorAll('button')].find((element) => element.textContent === name);
  if (!button) throw new Error(`no button named ${JSON.stringify(name)}`);
  return button;
}

type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The form control whose label reads `label` (surrounding white space aside), inside `container`. */
export function controlLabelled<Control extends FormControl = FormControl>(container: HTMLElement, label: string): Control {
  const element = [...container.querySelectorAll('label')].find((candidate) => candidate.textContent?.trim() === label)?.control;
  if (!element) throw new Error(`no control labelled ${JSON.stringify(label)}`);
  return element as Control;
}

/** Sets an input's, textarea's or select's value the way React sees it: its own value setter, then its event. */
export async function fillControl(element: FormControl, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}
