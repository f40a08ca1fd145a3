import type { User } from '@etp/contracts';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import { Avatar, Box, Button, Typography } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import { useAuthorizedFileUrl } from '../../api/useAuthorizedFileUrl.ts';
import { companyInitials } from '../../lib/companyInitials.ts';
import { LAYOUT_MESSAGES } from './messages.ts';
import { userDisplayName } from './userDisplayName.ts';

const UserMenuList = lazy(() => import('./UserMenuList.tsx'));

const { user: texts } = LAYOUT_MESSAGES;

/** The header's dropdown: who is signed in, for which company; the list itself loads on the first click. */
export function UserMenu({ user }: { user: User }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const name = userDisplayName(user);
  const company = user.company_name ?? texts.noCompany;
  const avatarUrl = useAuthorizedFileUrl(user.avatar_url);

  return (
    <>
      <Button
        data-testid="user-menu"
        aria-label={texts.menuLabel}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
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
      {opened && (
        <Suspense fallback={null}>
          <UserMenuList
            user={user}
            name={name}
            company={company}
            menuId={menuId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
