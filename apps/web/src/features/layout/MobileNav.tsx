import type { User } from '@etp/contracts';
import MenuIcon from '@mui/icons-material/Menu';
import { IconButton } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { LAYOUT_MESSAGES } from './messages.ts';
import { navLinksFor } from './navLinks.ts';

const MobileNavDrawer = lazy(() => import('./MobileNavDrawer.tsx'));

/** Phones: the header's links collapse into a drawer behind a menu button. */
export function MobileNav({ user }: { user: User | null }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const links = navLinksFor(user);
  const close = () => setOpen(false);
  const guestLinks = user
    ? []
    : [
        { to: '/users/sign_in', label: LAYOUT_MESSAGES.guest.signIn },
        { to: '/users/sign_up', label: LAYOUT_MESSAGES.guest.signUp },
      ];
  const items = [...links, ...guestLinks];
  if (items.length === 0) return null;

  return (
    <>
      <IconButton
        aria-label={LAYOUT_MESSAGES.mobileMenu}
        onClick={() => {
          setOpen(true);
          setOpened(true);
        }}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        edge="start"
      >
        <MenuIcon />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <MobileNavDrawer items={items} open={open} close={close} />
        </Suspense>
      )}
    </>
  );
}
