import type { User } from '@etp/contracts';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { Avatar, Box, Button, Divider, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuthorizedFileUrl } from '../../api/useAuthorizedFileUrl.ts';
import { companyInitials } from '../../lib/companyInitials.ts';
import { useSignOut } from '../auth/useSignOut.ts';
import { LAYOUT_MESSAGES } from './messages.ts';
import { useCompanySwitchItems } from './useCompanySwitchItems.tsx';
import { userDisplayName } from './userDisplayName.ts';

const { user: texts } = LAYOUT_MESSAGES;

/** The header's dropdown: who is signed in, for which company, links to the profile, and sign-out. */
export function UserMenu({ user }: { user: User }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const signOut = useSignOut();
  const name = userDisplayName(user);
  const company = user.company_name ?? texts.noCompany;
  const close = () => setAnchor(null);
  const avatarUrl = useAuthorizedFileUrl(user.avatar_url);
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
    ...(user.role === 'admin'
      ? [
          {
            to: '/admin/companies',
            label: texts.accreditation,
            icon: <VerifiedUserOutlinedIcon fontSize="small" />,
          },
        ]
      : []),
  ];

  return (
    <>
      <Button
        data-testid="user-menu"
        aria-label={texts.menuLabel}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        color="inherit"
        endIcon={<KeyboardArrowDownIcon />}
        sx={{ px: 1, minWidth: 0, maxWidth: 280 }}
      >
        <Avatar
          src={avatarUrl ?? undefined}
          alt=""
          sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main', mr: { xs: 0, md: 1 } }}
        >
          {companyInitials(name)}
        </Avatar>
        <Box sx={{ display: { xs: 'none', md: 'block' }, textAlign: 'left', minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600, lineHeight: 1.2 }}>
            {name}
          </Typography>
          <Typography variant="caption" noWrap color="text.secondary" sx={{ display: 'block' }}>
            {company}
          </Typography>
        </Box>
      </Button>
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
    </>
  );
}
