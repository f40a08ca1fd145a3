import type { User } from '@etp/contracts';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { Box, Divider, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSignOut } from '../auth/useSignOut.ts';
import { LAYOUT_MESSAGES } from './messages.ts';
import { useCompanySwitchItems } from './useCompanySwitchItems.tsx';

const { user: texts } = LAYOUT_MESSAGES;

/**
 * The user menu's dropdown: who is signed in, for which company, links to the profile, the company switch and
 * sign-out. Its own chunk, fetched on the first click (the popover and its focus trap are not in every page's
 * first load, decisions/0145).
 */
export default function UserMenuList({
  user,
  name,
  company,
  menuId,
  anchor,
  onClose,
}: {
  user: User;
  name: string;
  company: string;
  menuId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const signOut = useSignOut();
  const close = onClose;
  const companyItems = useCompanySwitchItems(user, close);
  const links = [
    { to: '/profile', label: texts.profile, icon: <PersonOutlineIcon fontSize="small" /> },
    { to: '/profile/client', label: texts.company, icon: <BusinessOutlinedIcon fontSize="small" /> },
    ...(user.owner && user.company_id !== null
      ? [
          {
            to: '/profile/client/users',
            label: texts.employees,
            icon: <GroupOutlinedIcon fontSize="small" />,
          },
        ]
      : []),
    { to: '/profile/events', label: texts.events, icon: <EventNoteOutlinedIcon fontSize="small" /> },
    { to: '/profile/deals', label: texts.deals, icon: <HandshakeOutlinedIcon fontSize="small" /> },
    ...(user.role === 'admin'
      ? [
          {
            to: '/admin/companies',
            label: texts.accreditation,
            icon: <VerifiedUserOutlinedIcon fontSize="small" />,
          },
          {
            to: '/admin/deals',
            label: texts.adminDeals,
            icon: <GavelOutlinedIcon fontSize="small" />,
          },
        ]
      : []),
  ];

  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 260, mt: 1 } } }}
    >
      <Box sx={{ px: 2, py: 1.25 }}>
        <Typography variant="subtitle2">{name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {company}
        </Typography>
        {user.role === 'admin' && (
          <Typography variant="caption" color="primary">
            {texts.admin}
          </Typography>
        )}
      </Box>
      <Divider />
      {links.map((link) => (
        <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
          <ListItemIcon>{link.icon}</ListItemIcon>
          {link.label}
        </MenuItem>
      ))}
      {companyItems.length > 0 && <Divider />}
      {companyItems}
      <Divider />
      <MenuItem
        onClick={() => {
          close();
          void signOut();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        {texts.signOut}
      </MenuItem>
    </Menu>
  );
}
