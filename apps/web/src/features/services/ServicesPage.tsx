import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** /services/{tab?}: the services section; the spec does not show its content. */
export function ServicesPage() {
  return (
    <>
      <PageHeader title="Сервисы" />
      <EmptyState title="Нет данных" hint="Сервисы площадки для участников появятся в этом разделе." />
    </>
  );
}
