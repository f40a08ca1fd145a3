import { PageHeader } from '../../components/PageHeader.tsx';
import { ProfileNav } from '../profile/ProfileNav.tsx';
import { DealsBrowser } from './DealsBrowser.tsx';
import { DEALS_MESSAGES as T } from './messages.ts';

/** /profile/deals: the deals of the user's company as buyer and as seller (issue 32). */
export function MyDealsPage() {
  return (
    <>
      <PageHeader title={T.list.title} subtitle={T.list.subtitle} />
      <ProfileNav />
      <DealsBrowser />
    </>
  );
}
