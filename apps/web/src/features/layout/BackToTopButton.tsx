import { BACK_TO_TOP_SCROLL_SHARE } from '@etp/domain';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Fab, Zoom } from '@mui/material';
import { useEffect, useState } from 'react';
import { LAYOUT_MESSAGES } from './messages.ts';

/** Appears once the page is scrolled by more than a quarter of the window height (spec 2 §9). */
export function BackToTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > window.innerHeight * BACK_TO_TOP_SCROLL_SHARE);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return (
    <Zoom in={visible}>
      <Fab
        size="medium"
        color="primary"
        aria-label={LAYOUT_MESSAGES.backToTop}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', right: { xs: 16, md: 32 }, bottom: { xs: 16, md: 32 }, zIndex: 1100 }}
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}
