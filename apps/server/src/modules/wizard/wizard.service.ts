/**
 * loadDraft, saveDraft and applyDraft: the wizard's procedure on the server. Saving checks the fields it is given
 * with the same domain rules the browser runs (a past start, an end before it, steps, percentages, kinds), then
 * writes the procedure, its lists and every lot's times and prices in one transaction; sending for approval checks
 * the whole procedure and moves it created → pending.
 */
import type { BriefcaseSaveBody, WizardDraft } from '@etp/contracts';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_UPLOAD_MESSAGES,
  draftErrors,
  fixedByAuctionType,
  NOT_A_SELLER_TEXT,
  planDutch,
  sellerLotPrice,
} from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import type { briefcases } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { enforce } from '../../http/verdict.ts';
import { appendAudit } from '../audit/audit.queries.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { publishBriefcaseStatus } from '../briefcases/briefcases.live.ts';
import { lockBriefcase } from '../briefcases/briefcases.queries.ts';
import { dealDeadlineErrors } from '../deals/deals.policy.ts';
import { publishLots } from '../lots/lots.live.ts';
import { canCreateFor, isAdministrator } from '../registries/registries.policy.ts';
import { requireManagedBriefcase } from '../registries/registries.service.ts';
import { activeLotChanges, changedLocksOnly } from './draft/activeSave.ts';
import { compositeLotValues } from './draft/compositeLot.ts';
import { WIZARD_MESSAGES as M } from './wizard.messages.ts';
import { canApply, canSave } from './wizard.policy.ts';
import { factsOf, presentDraft } from './wizard.presenter.ts';
import {
  countCompanies,
  type DraftLotRow,
  type DraftRow,
  findDraftLots,
  findDraftRow,
  findListedCompanies,
  type LotChange,
  replaceCompanyList,
  syncCompositeLot,
  updateBriefcase,
  updateLots,
} from './wizard.queries.ts';
import { findWizardDocuments, setDocumentKinds } from './wizardDocuments.queries.ts';
import { presentWizardDocument } from './wizardDocuments.service.ts';

type Columns = Partial<typeof briefcases.$inferInsert>;

const pct = (value: number | null | undefined) =>
  value === undefined ? undefined : value === null ? null : value.toFixed(2);
const date = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** The body's fields as columns (undefined = not sent, left as it is). */
function columnsOf(body: BriefcaseSaveBody): Columns {
  const columns: Columns = {
    auctionType: body.auction_type,
    kind: body.kind,
    percentMode: body.percent_mode,
    endMode: body.end_mode,
    startDatetime: date(body.start_datetime),
    endDatetime: date(body.end_datetime),
    maxPrice: body.max_price,
    stepPrice: body.step_price,
    stepPriceInPercents: pct(body.step_price_in_percents),
    customSteps: body.custom_steps,
    renewalAfterLastBid: body.renewal_after_last_bid,
    renewalAfterLastBidInMinutes: body.renewal_after_last_bid_in_minutes,
    lotRenewalMinutes: body.lot_renewal_minutes,
    stepsAfterFirstBid: body.steps_after_first_bid,
    maxBids: body.max_bids,
    roundRequestTtl: body.round_request_ttl,
    dealSignWorkingDays: body.sign_working_days,
    dealPayWorkingDays: body.pay_working_days,
    dealSecondOfferWorkingDays: body.second_offer_working_days,
    aiGrid: body.ai_grid,
    withCompositeLot: body.with_composite_lot,
    activity: body.activity,
    sourceKind: body.source_kind,
    sourceDebtorType: body.source_debtor_type,
    liability: body.liability,
    sourceDescription: body.source_description,
    fastDocumentsTransfer: body.fast_documents_transfer,
    litigationInformation: body.litigation_information,
    fastSigning: body.fast_signing,
    debtsInformation: body.debts_information,
    regionsLotable: body.regions_lotable,
    paperDossiers: pct(body.paper_dossiers),
    digitalDossiers: pct(body.digital_dossiers),
    casesDossiers: pct(body.cases_dossiers),
    contactDetailsDossiers: pct(body.contact_details_dossiers),
    lastYearPayments: pct(body.last_year_payments),
    dealDossiers: pct(body.deal_dossiers),
    allowedKindsMap: body.allowed_kinds_map,
    fsspOnly: body.fssp_only,
    okved8291Only: body.okved_82_91_only,
    fsspBankOnly: body.fssp_bank_only,
    fsspMfoOnly: body.fssp_mfo_only,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as Columns;
}

/** The body fields each error key speaks about: an error is reported on save only when one of them was sent. */
const ERROR_SOURCES: Record<string, readonly (keyof BriefcaseSaveBody)[]> = {
  end_datetime: ['end_datetime', 'start_datetime'],
  step_price: ['step_price', 'custom_steps'],
  max_price: ['max_price', 'lots_start_prices_cents'],
  allowed_kinds: ['allowed_kinds_map', 'invited_company_ids'],
  rejected_companies: ['rejected_company_ids', 'invited_company_ids'],
};

function sentErrors(errors: Record<string, string>, body: BriefcaseSaveBody): Record<string, string[]> {
  const sent = (field: string) => (body as Record<string, unknown>)[field] !== undefined;
  const relevant = Object.entries(errors).filter(([key]) => {
    if (key.startsWith('lots.'))
      return sent('lots_step_price') || sent('custom_steps') || sent('lots_start_prices_cents');
    if (key.startsWith('documents.')) return sent('documents_attributes');
    return (ERROR_SOURCES[key] ?? [key]).some(sent);
  });
  return Object.fromEntries(relevant.map(([key, message]) => [key, [message]]));
}

/** The rules of a chosen type and end mode (spec 1 §4): bank_to_bank fixes the source kind and percent basis. */
function derivedColumns(merged: DraftRow): Columns {
  const fixed = fixedByAuctionType(merged.auctionType);
  const derived: Columns = {};
  if (fixed.source_kind) derived.sourceKind = fixed.source_kind;
  if (fixed.percent_mode) derived.percentMode = fixed.percent_mode;
  if (
    (merged.auctionType === 'private_requests' || merged.auctionType === 'bank_to_bank') &&
    merged.endMode !== 'ransom'
  )
    derived.kind = null;
  return derived;
}

/**
 * Every regular lot's times, price, step and (dutch) clock, from the procedure's settings. A lot's price is the
 * seller's (lots_start_prices_cents, else the stored one): the start price, or in dutch the clock's minimum, whose
 * maximum is the lot's share of max_price (decisions/0239) and is then also its start price, as in every dutch lot.
 */
function lotChanges(
  merged: DraftRow,
  lots: readonly DraftLotRow[],
  steps: Record<string, number | null>,
  startPrices: Record<string, number>,
): { changes: LotChange[]; dutchEnd: Date | null } {
  const regular = lots.filter((lot) => !lot.composite);
  const priced = regular.map((lot) => ({
    lot,
    price: startPrices[lot.id] ?? sellerLotPrice(lot),
    step: merged.customSteps ? (steps[lot.id] ?? lot.stepPrice) : merged.stepPrice,
  }));
  const startIso = merged.startDatetime?.toISOString() ?? null;
  const base = (p: (typeof priced)[number]): LotChange => ({
    id: p.lot.id,
    start_price: p.price,
    step_price: p.step,
    max_price: null,
    min_price: p.price,
    step_count: null,
    start_datetime: startIso,
    end_datetime: merged.endDatetime?.toISOString() ?? null,
  });
  const canPlan =
    merged.auctionType === 'dutch' &&
    merged.startDatetime &&
    merged.maxPrice &&
    merged.lotRenewalMinutes > 0 &&
    priced.every((p) => (p.step ?? 0) > 0);
  if (!canPlan || !merged.startDatetime || !merged.maxPrice)
    return { changes: priced.map(base), dutchEnd: null };
  const plan = planDutch({
    lots: priced.map((p) => ({ id: p.lot.id, min_price: p.price, step_price: p.step })),
    maxPrice: merged.maxPrice,
    stepPrice: merged.stepPrice ?? 0,
    renewalMinutes: merged.lotRenewalMinutes,
    start: merged.startDatetime,
  });
  const changes = priced.map((p, i) => {
    const lot = plan.lots[i]!;
    return {
      ...base(p),
      start_price: lot.max_price,
      max_price: lot.max_price,
      min_price: lot.min_price,
      step_price: lot.step_price,
      step_count: lot.step_count,
      end_datetime: lot.end_datetime.toISOString(),
    };
  });
  return { changes, dutchEnd: plan.end };
}

export async function loadDraft(ctx: AppContext, auth: AuthContext, id: number): Promise<WizardDraft> {
  await requireManagedBriefcase(ctx, auth, id, { editable: false });
  const row = await findDraftRow(ctx.db, id);
  if (!row) throw notFound();
  const [lots, listed, documents] = await Promise.all([
    findDraftLots(ctx.db, id),
    findListedCompanies(ctx.db, id),
    findWizardDocuments(ctx.db, id),
  ]);
  return presentDraft(row, lots, listed, documents.map(presentWizardDocument), ctx.now());
}

export async function saveDraft(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  sent: BriefcaseSaveBody,
): Promise<WizardDraft> {
  const managed = await requireManagedBriefcase(ctx, auth, id, { editable: false });
  const isAdmin = isAdministrator(auth);
  // An active procedure's locked fields sent back unchanged are no change (spec 1 §4).
  const body = await changedLocksOnly(ctx.db, id, managed.status, sent);
  enforce(canSave(isAdmin, managed, body));
  assertStillSelling(auth, managed.companyId);
  const row = await findDraftRow(ctx.db, id);
  if (!row) throw notFound();
  const [lots, listed, storedDocuments] = await Promise.all([
    findDraftLots(ctx.db, id),
    findListedCompanies(ctx.db, id),
    findWizardDocuments(ctx.db, id),
  ]);
  // documents_attributes names documents of this procedure only; their kinds replace the stored ones.
  const kindOf = new Map((body.documents_attributes ?? []).map((d) => [d.id, d.kind]));
  const foreignDocument = [...kindOf.keys()].some((docId) => !storedDocuments.some((d) => d.id === docId));
  const documents = storedDocuments
    .map(presentWizardDocument)
    .map((d) => ({ ...d, kind: kindOf.get(d.id) ?? d.kind }));

  let merged: DraftRow = { ...row, ...columnsOf(body) } as DraftRow;
  merged = { ...merged, ...derivedColumns(merged) } as DraftRow;
  const steps = body.lots_step_price ?? {};
  const active = row.status === 'active' ? activeLotChanges(row, merged, lots) : null;
  const { changes, dutchEnd } = active ?? lotChanges(merged, lots, steps, body.lots_start_prices_cents ?? {});
  if (merged.auctionType === 'dutch') merged = { ...merged, endDatetime: dutchEnd } as DraftRow;

  const invited = body.invited_company_ids ?? listed.filter((c) => c.list === 'whitelist').map((c) => c.id);
  const rejected = body.rejected_company_ids ?? listed.filter((c) => c.list === 'blacklist').map((c) => c.id);
  const changed = new Map(changes.map((c) => [c.id, c]));
  const facts = factsOf(
    merged,
    lots.map((lot) => {
      const change = changed.get(lot.id);
      return change
        ? {
            ...lot,
            stepPrice: change.step_price,
            startPrice: change.start_price,
            minPrice: change.min_price,
            maxPrice: change.max_price,
          }
        : lot;
    }),
    invited,
    rejected,
    documents,
  );
  const errors = sentErrors(
    draftErrors(facts, { now: ctx.now(), skipStart: isAdmin && row.status === 'active' }),
    body,
  );
  for (const [field, ids, sent] of [
    ['invited_companies', invited, body.invited_company_ids],
    ['rejected_companies', rejected, body.rejected_company_ids],
  ] as const) {
    const unique = [...new Set(ids)];
    if (sent && (await countCompanies(ctx.db, unique)) !== unique.length) errors[field] = [M.companyUnknown];
  }
  if (foreignDocument) errors.documents_attributes = [DOCUMENT_UPLOAD_MESSAGES.notFound];
  Object.assign(errors, dealDeadlineErrors(body));
  if (Object.keys(errors).length > 0) throw new AppError(422, 'validation_failed', M.fixErrors, errors);

  const columns: Columns = { ...columnsOf(body), ...derivedColumns(merged) };
  if (merged.auctionType === 'dutch') columns.endDatetime = dutchEnd;
  // The procedure's start price is what its lots add up to (in dutch, max_price: decisions/0239).
  if (changes.length > 0) columns.startPrice = changes.reduce((sum, c) => sum + c.start_price, 0);
  await ctx.db.transaction(async (tx) => {
    await updateBriefcase(tx, id, columns);
    if (body.invited_company_ids) await replaceCompanyList(tx, id, 'whitelist', invited);
    if (body.rejected_company_ids) await replaceCompanyList(tx, id, 'blacklist', rejected);
    await updateLots(tx, id, active ? [...changes, ...active.composite] : changes);
    await setDocumentKinds(
      tx,
      id,
      (body.documents_attributes ?? []).map((d) => ({ ...d, title: DOCUMENT_KIND_LABELS[d.kind] })),
    );
    const regular = lots.filter((lot) => !lot.composite);
    if (!active)
      await syncCompositeLot(
        tx,
        id,
        compositeLotValues(
          { ...merged, stepPrice: merged.stepPrice ?? null },
          regular,
          new Map(changes.map((c) => [c.id, c])),
        ),
      );
  });
  // An administrator's edit of a published procedure may change who may follow it (invited or excluded
  // companies, allowed kinds): open sockets on it have their rights decided again (decision 0067).
  if (row.status !== 'created') await ctx.access.changed({ briefcases: [id] });
  // Lots on the feed whose times or prices the save wrote: an open lot page shows them without reload
  // (decisions/0242, 0262).
  if (row.status === 'ready' || row.status === 'active') {
    const composite = active ? active.composite : lots.filter((lot) => lot.composite);
    const moved = [...changes, ...composite].map((c) => c.id);
    await publishLots(ctx, ctx.leaderTag, [...new Set(moved)]);
  }
  return loadDraft(ctx, auth, id);
}

/**
 * A draft is saved and sent for approval only while its company may still create procedures (accredited in good
 * standing, seller flag; issue 20 part 5): a company that lost either keeps its draft but cannot advance it.
 */
function assertStillSelling(auth: AuthContext, companyId: number): void {
  if (!canCreateFor(auth, companyId)) throw forbidden(NOT_A_SELLER_TEXT);
}

/** POST …/apply: the whole procedure valid → pending (sent for approval), audited and broadcast. */
export async function applyDraft(ctx: AppContext, auth: AuthContext, id: number): Promise<WizardDraft> {
  const managed = await requireManagedBriefcase(ctx, auth, id, { editable: false });
  enforce(canApply(managed));
  assertStillSelling(auth, managed.companyId);
  const draft = await loadDraft(ctx, auth, id);
  if (managed.status === 'pending') return draft;
  const row = (await findDraftRow(ctx.db, id))!;
  const lots = await findDraftLots(ctx.db, id);
  const facts = factsOf(
    row,
    lots,
    draft.invited_companies.map((c) => c.id),
    draft.rejected_companies.map((c) => c.id),
    draft.documents,
  );
  const errors = draftErrors(facts, { now: ctx.now() });
  if (Object.keys(errors).length > 0)
    throw new AppError(
      422,
      'validation_failed',
      M.fixErrors,
      Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])),
    );
  const at = ctx.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const locked = await lockBriefcase(tx, id);
    if (!locked) throw notFound();
    enforce(canApply(locked));
    const next = await updateBriefcase(tx, id, {
      status: 'pending',
      sentForApprovalAt: at,
      rejectionNote: null,
    });
    await appendAudit(tx, {
      briefcaseId: id,
      action: 'briefcase_status',
      actorUserId: auth.user.id,
      payload: { from: locked.status, to: 'pending' },
      at,
    });
    return next;
  });
  await publishBriefcaseStatus(ctx, updated);
  return loadDraft(ctx, auth, id);
}
