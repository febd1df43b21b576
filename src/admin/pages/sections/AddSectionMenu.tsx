/** 'Adicionar seção': a menu of the section types, each with its label and hint (shared/page-sections.js). */
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddIcon from '@mui/icons-material/Add';
import { useId, useState } from 'react';
import { SECTION_TYPE_NAMES } from '../../../../shared/page-sections.js';
import { SECTION_TYPE_SPECS, type SectionTypeName } from './sectionEditing';

export function AddSectionMenu({
  label,
  onAdd,
  disabled,
}: {
  label: string;
  onAdd: (type: SectionTypeName) => void;
  disabled?: boolean;
}) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        startIcon={<AddIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={disabled}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxWidth: 440, maxHeight: '70vh' } } }}
      >
        {SECTION_TYPE_NAMES.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setAnchor(null);
              onAdd(type);
            }}
          >
            <ListItemText
              primary={SECTION_TYPE_SPECS[type]?.label}
              secondary={SECTION_TYPE_SPECS[type]?.hint}
              slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
