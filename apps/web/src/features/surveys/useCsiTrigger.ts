import type { CsiRatingBody, Survey } from '@etp/contracts';
import { SURVEY_DELAY_MS } from '@etp/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { errorText } from '../../lib/errorText.ts';
import { safeStorage } from '../../lib/safeStorage.ts';
import { STORAGE_KEYS } from '../../lib/storageKeys.ts';
import { toast } from '../../lib/toast.ts';
import { SURVEY_MESSAGES as T } from './messages.ts';
import type { SurveyAnswer } from './surveySteps.ts';

export interface SurveyPrompt {
  survey: Survey;
  submit: (answer: SurveyAnswer) => Promise<void>;
  dismiss: (answer: SurveyAnswer | null) => void;
}

/** How often a due survey looks again whether the user's dialog has closed. */
const DIALOG_RECHECK_MS = 1000;

const closedList = (): string[] => {
  try {
    const list = JSON.parse(safeStorage.get('session', STORAGE_KEYS.surveysClosed) ?? '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
};
const isClosed = (key: string) => closedList().includes(key);
const markClosed = (key: string) =>
  safeStorage.set('session', STORAGE_KEYS.surveysClosed, JSON.stringify([...closedList(), key]));

/**
 * The satisfaction survey of a page (spec 3 §2.6): asks GET /api/v1/csi/trigger for `path` (null: not now), and
 * once a survey comes, shows it 5000 ms later (or when the dialog then open closes), unless it was closed or answered in this browser session.
 * The answer goes to POST /api/v1/csi/rating; closing after the yes/no still sends that answer.
 */
export function useCsiTrigger(path: string | null, briefcaseId: number | null): SurveyPrompt | null {
  const key = `csi:${path}`;
  const [shown, setShown] = useState(false);
  const [closedHere, setFinished] = useState(false);
  // Read on every render: the path is often null on the first one (the card still loading), and a survey closed
  // earlier in this session must stay closed once the path is known.
  const finished = closedHere || (path !== null && isClosed(key));
  const trigger = useQuery({
    queryKey: queryKeys.survey('csi', path ?? ''),
    queryFn: ({ signal }) => call(OPERATIONS.getCsiTrigger, { query: { path }, signal }),
    enabled: path !== null && !finished,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const survey = trigger.data ?? null;

  useEffect(() => {
    if (!survey || finished) return;
    // Never over a dialog the user is working in (a bid, a winner's choice): wait until it closes.
    let timer = 0;
    const showWhenFree = () => {
      const busy = document.querySelector('[role="dialog"]') !== null;
      if (busy) timer = window.setTimeout(showWhenFree, DIALOG_RECHECK_MS);
      else setShown(true);
    };
    timer = window.setTimeout(showWhenFree, SURVEY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [survey, finished]);

  const send = useCallback(
    (answer: SurveyAnswer) => {
      if (!survey || !path) return Promise.resolve();
      const body: CsiRatingBody = { csi_action: survey.action, path, briefcase_id: briefcaseId, ...answer };
      return call(OPERATIONS.rateCsi, { body });
    },
    [survey, path, briefcaseId],
  );
  const finish = useCallback(() => {
    markClosed(key);
    setFinished(true);
  }, [key]);

  if (!survey || !shown || finished || !path) return null;
  return {
    survey,
    submit: (answer) =>
      send(answer)
        .then(() => void toast.success(T.thanks))
        .catch((failure: unknown) => void toast.error(errorText(failure, T.failed)))
        .finally(finish),
    dismiss: (answer) => {
      if (answer) void send(answer).catch(() => undefined);
      finish();
    },
  };
}
