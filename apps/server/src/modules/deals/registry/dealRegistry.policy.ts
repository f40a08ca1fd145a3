/**
 * Who gets a deal's registry (decisions/0264): only the members of the deal's buying company, once the registry is
 * handed over (after the confirmed payment) or the deal is closed. The seller, an administrator and everyone else
 * are told the deal's registry does not exist: the debtors' data leave the platform only to the buyer.
 */
import type { DealState } from '@etp/domain';

export const dealRegistryReady = (state: DealState) => state === 'registry_handed_over' || state === 'closed';

export const dealRegistryUrl = (dealId: number) => `/api/v1/deals/${dealId}/registry`;
