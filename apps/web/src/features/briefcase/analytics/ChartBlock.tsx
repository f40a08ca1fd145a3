import { Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useId } from 'react';

interface ChartBlockProps {
  title: string;
  hint?: string;
  children: ReactNode;
}

/** One titled block of the analytics; it never splits across printed pages. */
export function ChartBlock({ title, hint, children }: ChartBlockProps) {
  const id = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: { xs: 2, md: 2.5 }, height: '100%', breakInside: 'avoid', minWidth: 0 }}
    >
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
