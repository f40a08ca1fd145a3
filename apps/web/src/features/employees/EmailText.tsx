/**
 * An e-mail address that a narrow column breaks only where a reader expects it: after the "@" and before a dot
 * (maria.kuznetsova@ / severny-bank / .ru), never in the middle of a name; a single part wider than the column
 * alone breaks inside.
 */
import { Fragment } from 'react';

/** The address cut where a line may end: after "@", before each ".". */
function emailBreakParts(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/).filter((part) => part !== '');
}

export function EmailText({ email }: { email: string }) {
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {emailBreakParts(email).map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never move
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
