import type { User } from '@etp/contracts';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import { Box, Divider, Drawer, IconButton, List, ListItemButton, ListItemText, Stack } from '@mui/material';
import { useState } from 'react';
import { NavLink as RouterNavLink } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { LAYOUT_MESSAGES } from './messages.ts';
import { navLinksFor } from './navLinks.ts';

/** Phones: the header's links collapse into a drawer behind a menu button. */
export function MobileNav({ user }: { user: User | null }) {
  const [open, setOpen] = useState(false);
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
        onClick={() => setOpen(true)}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        edge="start"
      >
        <MenuIcon />
      </IconButton>
      <Drawer anchor="left" open={open} onClose={close}>
        <Box sx={{ width: 280 }} role="navigation" aria-label={LAYOUT_MESSAGES.nav.label}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', p: 2 }}>
            <Logo />
            <IconButton aria-label={LAYOUT_MESSAGES.closeMenu} onClick={close}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Divider />
          <List>
            {items.map((link) => (
              <ListItemButton
                key={link.to}
                component={RouterNavLink}
                to={link.to}
                onClick={close}
                sx={{ '&.active': { color: 'primary.main', bgcolor: 'action.selected' } }}
              >
                <ListItemText primary={link.label} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Drawer>
    </>
  );
}
