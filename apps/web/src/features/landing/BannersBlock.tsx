import { Box, Button, Card, CardActions, CardContent, Grid, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { SUPPORT_CONTACTS } from '../../lib/supportContacts.ts';
import { LANDING_MESSAGES as T } from './messages.ts';

export interface Banner {
  id: string;
  title: string;
  text: string;
  action: string;
  /** A route of the app, or 'telegram' for the platform's channel. */
  to: string;
}

/** The banners block; the page supplies its banners (spec 3 §2.7: the sources are the page's). */
export function BannersBlock({ banners }: { banners: readonly Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="landing-banners">
      <Typography id="landing-banners" variant="h5" component="h2" sx={{ mb: 2 }}>
        {T.bannersTitle}
      </Typography>
      <Grid container spacing={2}>
        {banners.map((banner) => (
          <Grid key={banner.id} size={{ xs: 12, md: 4 }}>
            <Card
              sx={{
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                bgcolor: 'primary.dark',
                color: 'common.white',
                border: 0,
              }}
            >
              <CardContent sx={{ flexGrow: 1 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                  {banner.title}
                </Typography>
                <Typography variant="body2" sx={{ mt: 1, opacity: 0.8 }}>
                  {banner.text}
                </Typography>
              </CardContent>
              <CardActions sx={{ px: 2, pb: 2 }}>
                {banner.to === 'telegram' ? (
                  <Button
                    href={SUPPORT_CONTACTS.telegram}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="contained"
                    color="secondary"
                    size="small"
                  >
                    {banner.action}
                  </Button>
                ) : (
                  <Button
                    component={RouterLink}
                    to={banner.to}
                    variant="contained"
                    color="secondary"
                    size="small"
                  >
                    {banner.action}
                  </Button>
                )}
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
