import type { User } from '@etp/contracts';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import { Avatar, Box, Button, Divider, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { companyInitials } from '../../lib/companyInitials.ts';
import { useSignOut } from '../auth/useSignOut.ts';
import { LAYOUT_MESSAGES } from './messages.ts';
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
          src={user.avatar_url ?? undefined}
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
        <MenuItem component={RouterLink} to="/profile" onClick={close}>
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          {texts.profile}
        </MenuItem>
        <MenuItem component={RouterLink} to="/profile/client" onClick={close}>
          <ListItemIcon>
            <BusinessOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {texts.company}
        </MenuItem>
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
