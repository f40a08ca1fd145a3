import { lazy, Suspense, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { useBriefcase } from '../../api/useBriefcase.ts';
import { useCurrentUser } from '../../api/useCurrentUser.ts';
import { ErrorBlock } from '../../components/ErrorBlock.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { useLiveSubscription } from '../../live/useLive.ts';
import { NotFoundBlock } from '../errors/NotFoundBlock.tsx';
import { useBecameFinished } from '../surveys/useBecameFinished.ts';
import { useCsiTrigger } from '../surveys/useCsiTrigger.ts';
import { BriefcaseHeader } from './BriefcaseHeader.tsx';
import { BriefcaseTabs } from './BriefcaseTabs.tsx';
import { cardTabOf, cardTabPath, visibleCardTabs } from './cardTabs.ts';
import { DocumentsMenu } from './documents/DocumentsMenu.tsx';
import { HiddenBriefcase } from './HiddenBriefcase.tsx';
import { CARD_MESSAGES as T } from './messages.ts';
import { OrganiserActions } from './OrganiserActions.tsx';
import { PortfolioTab } from './PortfolioTab.tsx';
import { TabContent } from './TabContent.tsx';
import { usePresenceReporting } from './usePresenceReporting.ts';

// Opens only when the survey is due (decisions/0145).
const SurveyDialog = lazy(async () => ({
  default: (await import('../surveys/SurveyDialog.tsx')).SurveyDialog,
}));
const TradeTab = lazy(async () => ({ default: (await import('../trade/TradeTab.tsx')).TradeTab }));

const NOT_FOUND = <NotFoundBlock title={T.notFoundTitle} hint={T.notFoundHint} backLabel={T.backToList} />;

function parseId(value: string | undefined): number | null {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** /briefcases/{id}/{tab?}: the procedure card with its tabs. */
export function BriefcaseCardPage() {
  const params = useParams();
  const id = parseId(params.id);
  const tab = cardTabOf(params.tab);
  const { user } = useCurrentUser();
  const card = useBriefcase(id);
  // An administrator's "Интерфейс торгов игрока" (decisions/0071): for this page only, off by default.
  const [playerView, setPlayerView] = useState(false);
  // The card's status and counters follow the server while it is open.
  useLiveSubscription('BriefcaseStatus', card.data?.attributes ? id : undefined);
  usePageTitle(id ? T.title(id) : T.notFoundTitle);
  usePresenceReporting(card.data?.attributes ? id : null, user);
  // The trade page's satisfaction survey, when the procedure becomes finished while open (spec 3 §2.6).
  const becameFinished = useBecameFinished(card.data?.attributes?.status) && user?.role !== 'admin';
  const survey = useCsiTrigger(becameFinished && id ? cardTabPath(id, 'trade') : null, id);

  if (id === null || tab === null) return NOT_FOUND;
  if (card.isPending) return <PageLoader />;
  if (card.error) {
    if (card.error instanceof ApiError && card.error.status === 404) return NOT_FOUND;
    return <ErrorBlock message={card.error.message || T.loadFailed} onRetry={() => void card.refetch()} />;
  }
  const b = card.data.attributes;
  if (card.data.hidden && !b) return <HiddenBriefcase />;
  if (!b) return NOT_FOUND;

  const tabs = visibleCardTabs(b, user);
  if (!tabs.includes(tab)) return <Navigate to={cardTabPath(b.id, 'briefcase')} replace />;

  return (
    <>
      <BriefcaseHeader
        briefcase={b}
        actions={
          <>
            <DocumentsMenu briefcase={b} />
            <OrganiserActions
              briefcase={b}
              user={user}
              playerView={playerView}
              onPlayerView={setPlayerView}
            />
          </>
        }
      />
      <BriefcaseTabs briefcase={b} tabs={tabs} current={tab} />
      {tab === 'briefcase' ? (
        <PortfolioTab briefcase={b} admin={user?.role === 'admin'} />
      ) : tab === 'trade' ? (
        <Suspense fallback={<PageLoader />}>
          <TradeTab briefcase={b} user={user} playerView={playerView} />
        </Suspense>
      ) : (
        <TabContent tab={tab} briefcase={b} />
      )}
      {survey && (
        <Suspense fallback={null}>
          <SurveyDialog survey={survey.survey} onSubmit={survey.submit} onClose={survey.dismiss} />
        </Suspense>
      )}
    </>
  );
}
