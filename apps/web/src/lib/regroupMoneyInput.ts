/**
 * A money input grouped by thousands while it is typed (decisions/0191): the new text and where the caret goes.
 * Deleting a group's space with Backspace or Delete deletes the digit beside it instead (the space alone would
 * come back at once and the key would seem dead).
 */
import {
  caretAfterGrouping,
  groupMoneyInput,
  kopecksOfTypedRubles,
  kopecksToInputText,
  rublesToKopecks,
  sanitizeMoneyInput,
} from '@etp/domain';
import { type ChangeEvent, useLayoutEffect, useRef } from 'react';

function regroupMoneyInput(
  previous: string,
  typed: string,
  caret: number,
  inputType = '',
): { text: string; caret: number } {
  let text = typed;
  let at = caret;
  const onlyASpaceWent =
    typed.length < previous.length && sanitizeMoneyInput(typed) === sanitizeMoneyInput(previous);
  if (onlyASpaceWent && inputType === 'deleteContentBackward' && at > 0) {
    text = text.slice(0, at - 1) + text.slice(at);
    at -= 1;
  } else if (onlyASpaceWent && inputType === 'deleteContentForward') {
    text = text.slice(0, at) + text.slice(at + 1);
  }
  const grouped = groupMoneyInput(text);
  return { text: grouped, caret: caretAfterGrouping(text, at, grouped) };
}

/**
 * A grouped money field: `regroup` turns a change event into the field's new text (from the text it showed), and
 * after the render the caret goes back after the digits it followed. `inputRef` goes on the `<input>`.
 */
export function useGroupedMoneyInput() {
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current === null || !inputRef.current) return;
    inputRef.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });
  const regroup = (shown: string, event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): string => {
    const { value, selectionStart } = event.target;
    const next = regroupMoneyInput(
      shown,
      value,
      selectionStart ?? value.length,
      (event.nativeEvent as InputEvent).inputType,
    );
    caret.current = next.caret;
    return next.text;
  };
  return { inputRef, regroup };
}

/**
 * A pasted amount the digit filter would misread ('21,544,842.50' would keep '21,54'): the field's new text, read
 * the way the bid input reads what is typed (decisions/0234); null lets the paste through as it is.
 */
export function pastedMoneyText(pasted: string): string | null {
  const kopecks = kopecksOfTypedRubles(pasted);
  if (kopecks === null || !Number.isSafeInteger(kopecks) || kopecks < 0) return null;
  if (rublesToKopecks(sanitizeMoneyInput(pasted)) === kopecks) return null;
  return groupMoneyInput(kopecksToInputText(kopecks));
}
