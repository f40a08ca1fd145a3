import { describe, expect, it } from 'vitest';
import { buildBriefcaseCard } from '../../test/factories.ts';
import { canDecideBriefcase, canEditBriefcase } from './cardActions.ts';

const admin = { role: 'admin' as const };
const user = { role: 'user' as const };

describe('the card organiser buttons', () => {
  it('lets the owner edit a draft not yet sent, and an administrator a ready or active procedure', () => {
    expect(
      canEditBriefcase(buildBriefcaseCard({ status: 'created', sent: false, is_master: true }), user),
    ).toBe(true);
    expect(
      canEditBriefcase(buildBriefcaseCard({ status: 'pending', sent: true, is_master: true }), user),
    ).toBe(false);
    expect(
      canEditBriefcase(buildBriefcaseCard({ status: 'created', sent: false, is_master: false }), user),
    ).toBe(false);
    expect(canEditBriefcase(buildBriefcaseCard({ status: 'active', is_master: true }), user)).toBe(false);
    expect(canEditBriefcase(buildBriefcaseCard({ status: 'active', is_master: true }), admin)).toBe(true);
    expect(canEditBriefcase(buildBriefcaseCard({ status: 'active', is_master: true }), admin, true)).toBe(
      false,
    );
  });

  it('asks the seller to confirm what an administrator created, and an administrator what a seller sent', () => {
    const byAdmin = buildBriefcaseCard({ status: 'pending', creator_type: 'admin', is_master: true });
    expect(canDecideBriefcase(byAdmin, user)).toBe(true);
    expect(canDecideBriefcase(byAdmin, admin)).toBe(false);
    const bySeller = buildBriefcaseCard({ status: 'pending', creator_type: 'user', is_master: true });
    expect(canDecideBriefcase(bySeller, user)).toBe(false);
    expect(canDecideBriefcase(bySeller, admin)).toBe(true);
    expect(canDecideBriefcase({ ...byAdmin, status: 'ready' }, user)).toBe(false);
  });
});
