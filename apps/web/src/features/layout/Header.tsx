import { AppBar, Box, Button, Container, Stack, Toolbar, useScrollTrigger } from '@mui/material';
import { Link as RouterLink, NavLink as RouterNavLink } from 'react-router';
import { useCurrentUser } from '../../api/useCurrentUser.ts';
import { Logo } from '../../components/Logo.tsx';
import { MobileNav } from './MobileNav.tsx';
import { LAYOUT_MESSAGES } from './messages.ts';
import { navLinksFor } from './navLinks.ts';
import { UserMenu } from './UserMenu.tsx';

/** The sticky header: logo, navigation, the user's menu or sign-in buttons; a shadow once the page scrolls. */
export function Header() {
  const { user, signedIn } = useCurrentUser();
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: 0 });
  const links = navLinksFor(user);

  return (
    <AppBar
      position="sticky"
      elevation={scrolled ? 4 : 0}
      sx={{
        borderBottom: 1,
        borderColor: scrolled ? 'transparent' : 'divider',
        transition: 'box-shadow .2s',
      }}
    >
      <Container maxWidth="xl">
        <Toolbar disableGutters sx={{ gap: { xs: 1, md: 3 }, minHeight: { xs: 60, md: 68 } }}>
          <MobileNav user={user} />
          <Logo />
          <Box
            component="nav"
            aria-label={LAYOUT_MESSAGES.nav.label}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1, minWidth: 0 }}
          >
            {links.map((link) => (
              <Button
                key={link.to}
                component={RouterNavLink}
                to={link.to}
                end={link.to === '/briefcases'}
                color="inherit"
                sx={{
                  color: 'text.secondary',
                  whiteSpace: 'nowrap',
                  '&.active': { color: 'primary.main', bgcolor: 'action.hover' },
                }}
              >
                {link.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
          {user ? (
            <UserMenu user={user} />
          ) : (
            !signedIn && (
              <Stack direction="row" spacing={1}>
                <Button component={RouterLink} to="/users/sign_in" variant="outlined" size="small">
                  {LAYOUT_MESSAGES.guest.signIn}
                </Button>
                <Button
                  component={RouterLink}
                  to="/users/sign_up"
                  variant="contained"
                  size="small"
                  sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
                >
                  {LAYOUT_MESSAGES.guest.signUp}
                </Button>
              </Stack>
            )
          )}
        </Toolbar>
      </Container>
    </AppBar>
  );
}
