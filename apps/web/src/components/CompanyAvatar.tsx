import { Avatar, alpha } from '@mui/material';
import { companyInitials } from '../lib/companyInitials.ts';

interface CompanyAvatarProps {
  name: string;
  logoUrl: string | null;
  size?: number;
}

/** A company's logo, or its initials on a tinted square when it has none (or the logo fails to load). */
export function CompanyAvatar({ name, logoUrl, size = 36 }: CompanyAvatarProps) {
  return (
    <Avatar
      variant="rounded"
      src={logoUrl ?? undefined}
      alt={name}
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        fontWeight: 600,
        bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
        color: 'primary.main',
        border: 1,
        borderColor: 'divider',
        '& img': { objectFit: 'contain', bgcolor: 'common.white' },
      }}
    >
      {companyInitials(name)}
    </Avatar>
  );
}
