// The scenario's rule settings, generated from its rule system's catalogue: one control per setting. Settings kept
// for other systems (or names the catalogue does not know) are listed read-only, each block with a way to remove it.
import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import type { Scenario } from '../../domain/model.js';
import type { Problem } from '../../domain/problems.js';
import { settingsInWords, type SideName } from '../../domain/rule-systems/option-words.js';
import { profileFor } from '../../domain/rule-systems/registry.js';
import { removeOptionEdit, removeSystemEdit, storedValue, type Edit } from './rule-settings.js';
import { SettingControl } from './SettingControl.js';

export interface RuleSettingsProps {
  doc: Scenario;
  problems: readonly Problem[];
  focusPointer: string | null;
  onEdit: (edit: Edit) => void;
  /** Inside a section that already names it: no rule and heading of its own. */
  embedded?: boolean;
}

function sidesOf(doc: Scenario): SideName[] {
  return (Array.isArray(doc.sides) ? doc.sides : []).flatMap((s, i) =>
    s && typeof s === 'object' && typeof s.id === 'string' ? [{ id: s.id, name: typeof s.name === 'string' && s.name.trim() ? s.name : `Side ${i + 1}` }] : [],
  );
}

export function RuleSettings(props: RuleSettingsProps) {
  const { doc } = props;
  const system = doc.ruleSystem;
  const profile = profileFor(system);
  const sides = sidesOf(doc);
  const all = doc.ruleOptions && typeof doc.ruleOptions === 'object' && !Array.isArray(doc.ruleOptions) ? doc.ruleOptions : {};
  const strays = profile ? settingsInWords(profile.options, all[system], sides, true).filter((l) => !l.known) : [];
  const others = Object.keys(all).filter((s) => s !== system);
  return (
    <Box data-testid="rule-settings" sx={{ mt: props.embedded ? 0 : 2 }}>
      {!props.embedded && <Divider sx={{ mb: 1.5 }} />}
      <Typography variant="subtitle2" sx={props.embedded ? { fontWeight: 400, color: 'text.secondary' } : {}}>
        {props.embedded ? (profile ? profile.title : '') : `Rule settings${profile ? `: ${profile.title}` : ''}`}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
        Empty fields take the rules' defaults; a setting at its default is left out of the file.
      </Typography>
      {!profile && <Typography variant="body2">Choose a rule system to see its settings.</Typography>}
      {profile && profile.options.length === 0 && <Typography variant="body2">{profile.title} names no settings or optional rules.</Typography>}
      <Stack spacing={1.5}>
        {profile?.options.map((spec) => (
          <SettingControl
            key={spec.name}
            doc={doc}
            system={system}
            spec={spec}
            value={storedValue(doc, system, spec.name)}
            sides={sides}
            problems={props.problems}
            focusPointer={props.focusPointer}
            onEdit={props.onEdit}
          />
        ))}
      </Stack>
      {strays.length > 0 && (
        <Box sx={{ mt: 2 }} data-testid="unknown-settings">
          <Typography variant="body2" sx={{ fontWeight: 500 }}>Not settings of {profile!.title}</Typography>
          <Typography variant="caption" color="text.secondary" component="p">They do nothing; a misspelt name is listed under Problems with the nearest one.</Typography>
          {strays.map((line) => (
            <Stack key={line.name} direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>{line.name}: {line.value}</Typography>
              <Button onClick={() => props.onEdit(removeOptionEdit(doc, system, line.name, `setting "${line.name}"`))}>Remove</Button>
            </Stack>
          ))}
        </Box>
      )}
      {others.map((other) => (
        <OtherSystemSettings key={other} doc={doc} system={other} sides={sides} onEdit={props.onEdit} />
      ))}
    </Box>
  );
}

/** Another system's settings: kept by the format for a scenario that may change systems, but not in play here. */
function OtherSystemSettings(props: { doc: Scenario; system: string; sides: SideName[]; onEdit(edit: Edit): void }) {
  const profile = profileFor(props.system);
  const title = profile?.title ?? props.system;
  const lines = settingsInWords(profile?.options ?? [], props.doc.ruleOptions?.[props.system], props.sides, true);
  return (
    <Box sx={{ mt: 2, p: 1, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="other-settings" data-system={props.system}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>{title} settings</Typography>
        <Button onClick={() => props.onEdit(removeSystemEdit(props.doc, props.system))} data-testid="remove-other-settings">Remove</Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {profile
          ? `Not the rules this scenario is played with: kept in the file, and used only if it is switched to ${title}.`
          : 'Not a rule system this app knows: kept in the file, used by nothing here.'}
      </Typography>
      {lines.map((l) => (
        <Typography key={l.name} variant="body2">
          {l.label}: {l.value}
          {l.isDefault ? ' (default)' : ''}
        </Typography>
      ))}
    </Box>
  );
}
