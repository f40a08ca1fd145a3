/**
 * The column matching's table (spec 1 §2 step 2): the file's first MATCHING_ROWS rows under header dropdowns that
 * assign a registry attribute to each column (the attributes already used show their column), a delete button on
 * each matched header, the Аналитика and required marks.
 */
import type { RegistryPreview } from '@etp/contracts';
import { ATTRIBUTE_BY_VALUE, type AttributeValue, REGISTRY_ATTRIBUTES } from '@etp/domain';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Chip,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import { attributeName as nameOf } from './attributeName.ts';

/** Rows shown under the headers (spec 1 §9). */
const MATCHING_ROWS = 5;

const letterOf = (index: number) => {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
};

const cellText = (cell: string | number | boolean | null | undefined) =>
  cell === null || cell === undefined ? '' : typeof cell === 'boolean' ? (cell ? 'да' : 'нет') : String(cell);

interface MatchingTableProps {
  preview: RegistryPreview;
  map: (string | null)[];
  locked: boolean;
  fullScreen: boolean;
  onMatch: (index: number, value: string | null) => void;
}

export function MatchingTable({ preview, map, locked, fullScreen, onMatch }: MatchingTableProps) {
  const rows = preview.rows.slice(0, MATCHING_ROWS);
  const used = new Set(map.filter(Boolean));
  const prefix = fullScreen ? 'full' : 'inline';
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={T.matchingTitle}
      sx={{ maxWidth: '100%', overflowX: 'auto', maxHeight: fullScreen ? 'calc(100vh - 140px)' : undefined }}
    >
      <Table size="small" stickyHeader={fullScreen} aria-label={T.matchingTitle}>
        <TableHead>
          <TableRow>
            {preview.headers.map((header, index) => {
              const value = map[index] ?? null;
              const attribute = value ? ATTRIBUTE_BY_VALUE.get(value as AttributeValue) : undefined;
              const label = header.trim() || T.column(letterOf(index));
              return (
                <TableCell
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions of the file
                  key={index}
                  sx={{ minWidth: 230, verticalAlign: 'top', bgcolor: value ? 'action.hover' : undefined }}
                  data-testid={`match-column-${index}`}
                >
                  <Typography variant="caption" color="text.secondary">
                    {T.column(letterOf(index))}
                  </Typography>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start', mt: 0.5 }}>
                    <TextField
                      select
                      size="small"
                      fullWidth
                      id={`${prefix}-match-${index}`}
                      label={label}
                      value={value ?? ''}
                      disabled={locked}
                      onChange={(e) => onMatch(index, e.target.value || null)}
                      slotProps={{
                        select: {
                          renderValue: (selected) => (selected ? nameOf(String(selected)) : T.columnSkipped),
                          displayEmpty: true,
                        },
                        inputLabel: { shrink: true },
                      }}
                    >
                      <MenuItem value="">
                        <em>{T.attributeNone}</em>
                      </MenuItem>
                      {REGISTRY_ATTRIBUTES.map((a) => (
                        <MenuItem
                          key={a.value}
                          value={a.value}
                          sx={{ gap: 1, flexWrap: 'wrap', whiteSpace: 'normal' }}
                        >
                          <Box component="span" sx={{ flex: '1 1 160px' }}>
                            {a.text}
                            {a.required && (
                              <Typography component="span" variant="caption" color="error.main">
                                {' '}
                                · {T.attributeRequired}
                              </Typography>
                            )}
                            {used.has(a.value) && a.value !== value && (
                              <Typography component="span" variant="caption" color="text.secondary">
                                {' '}
                                · {T.column(letterOf(map.indexOf(a.value)))}
                              </Typography>
                            )}
                          </Box>
                          {a.analytics && <AnalyticsBadge />}
                        </MenuItem>
                      ))}
                    </TextField>
                    {value && (
                      <Tooltip title={T.unmatch(label)}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={T.unmatch(label)}
                            disabled={locked}
                            onClick={() => onMatch(index, null)}
                          >
                            <DeleteOutlineIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    )}
                  </Stack>
                  <Box sx={{ minHeight: 24, mt: 0.5 }}>
                    {attribute?.analytics && <AnalyticsBadge />}
                    {attribute?.required && (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={T.attributeRequired}
                        sx={{ ml: attribute.analytics ? 0.5 : 0 }}
                      />
                    )}
                  </Box>
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: preview rows are fixed and have no identity
            <TableRow key={r}>
              {preview.headers.map((_, c) => (
                <TableCell
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
                  key={c}
                  sx={{
                    color: map[c] ? 'text.primary' : 'text.secondary',
                    maxWidth: fullScreen ? 420 : 260,
                    overflowWrap: 'anywhere',
                  }}
                >
                  {cellText(row[c])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function AnalyticsBadge() {
  return <Chip size="small" color="info" label={T.analyticsBadge} />;
}
