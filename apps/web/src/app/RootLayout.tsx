import { Box, Container } from '@mui/material';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';
import { BackToTopButton } from '../features/layout/BackToTopButton.tsx';
import { CookieNotice } from '../features/layout/CookieNotice.tsx';
import { DemoSimulationBanner } from '../features/layout/DemoSimulationBanner.tsx';
import { Footer } from '../features/layout/Footer.tsx';
import { Header } from '../features/layout/Header.tsx';
import { LimitedAccessBanner } from '../features/layout/LimitedAccessBanner.tsx';
import { TwoFactorBanner } from '../features/layout/TwoFactorBanner.tsx';
import { ConnectionLostNotice } from '../live/ConnectionLostNotice.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

/** The frame of every page: header, banners, the page itself, footer and the floating helpers. */
export function RootLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <ScrollToTop />
      <Header />
      <DemoSimulationBanner />
      <TwoFactorBanner />
      <LimitedAccessBanner />
      <Box component="main" sx={{ flexGrow: 1, py: { xs: 3, md: 4 } }}>
        <Container maxWidth="xl">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
      <Footer />
      <BackToTopButton />
      <CookieNotice />
      <ConnectionLostNotice />
    </Box>
  );
}
