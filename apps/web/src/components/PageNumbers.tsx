import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton } from '@mui/material';
import { visiblePages } from '../lib/visiblePages.ts';
import { COMPONENT_MESSAGES as T } from './messages.ts';

interface PageNumbersProps {
  page: number;
  totalPages: number;
  /** How many page buttons show at once (the spec's 6, or 10 for the FAQ). */
  visible: number;
  label: string;
  onPage: (page: number) => void;
}

/** Back, a window of page numbers around the current one, forward. Nothing when there is one page. */
export function PageNumbers({ page, totalPages, visible, label, onPage }: PageNumbersProps) {
  if (totalPages <= 1) return null;
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', gap: 0.5 }}
    >
      <IconButton aria-label={T.previousPage} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon />
      </IconButton>
      {visiblePages(page, totalPages, visible).map((n) => (
        <Button
          key={n}
          aria-label={T.page(n)}
          aria-current={n === page ? 'page' : undefined}
          variant={n === page ? 'contained' : 'text'}
          onClick={() => onPage(n)}
          sx={{ minWidth: 36, px: 1, color: n === page ? undefined : 'text.primary' }}
        >
          {n}
        </Button>
      ))}
      <IconButton aria-label={T.nextPage} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}
