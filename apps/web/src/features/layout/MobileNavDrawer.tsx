import CloseIcon from '@mui/icons-material/Close';
import { Box, Divider, Drawer, IconButton, List, ListItemButton, ListItemText, Stack } from '@mui/material';
import { NavLink as RouterNavLink } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { LAYOUT_MESSAGES } from './messages.ts';

/** The phone's navigation drawer, its own chunk fetched on the first tap of the menu button (decisions/0145). */
export default function MobileNavDrawer({
  items,
  open,
  close,
}: {
  items: { to: string; label: string }[];
  open: boolean;
  close: () => void;
}) {
  return (
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
  );
}
