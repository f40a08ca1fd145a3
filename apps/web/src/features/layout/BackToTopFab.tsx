/** The floating "back to top" button; its own chunk, fetched the first time the page scrolls far enough (decisions/0145). */
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Fab, Zoom } from '@mui/material';
import { LAYOUT_MESSAGES } from './messages.ts';

/** `lift`: how far the footer reaches into the window; the button then stands 16 px above it. */
export default function BackToTopFab({ visible, lift = 0 }: { visible: boolean; lift?: number }) {
  return (
    <Zoom in={visible}>
      <Fab
        size="medium"
        color="primary"
        aria-label={LAYOUT_MESSAGES.backToTop}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', right: { xs: 16, md: 32 }, bottom: { xs: 16, md: 32 }, zIndex: 1100 }}
        style={lift > 0 ? { bottom: lift + 16 } : undefined}
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}
