/**
 * A money input grouped by thousands while it is typed (decisions/0191): the new text and where the caret goes.
 * Deleting a group's space with Backspace or Delete deletes the digit beside it instead (the space alone would
 * come back at once and the key would seem dead).
 */
import { caretAfterGrouping, groupMoneyInput, sanitizeMoneyInput } from '@etp/domain';

export function regroupMoneyInput(
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
