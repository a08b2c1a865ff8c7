import { ANNOTATION_PALETTE } from '@paperbench/contract';

/** "yellow" → "Yellow": each colour button is named by its colour. */
export const colorName = (color: string) => color.charAt(0).toUpperCase() + color.slice(1);

/** The palette's colours as toggle buttons, the current one pressed (docs/annotations.md#the-model). */
export function ColorChoices({ current, onPick }: { current: string; onPick: (color: string) => void }) {
  return (
    <fieldset className="annotation-colors">
      <legend className="annotation-colors-legend">Colour</legend>
      {ANNOTATION_PALETTE.map((color) => (
        <button
          key={color}
          type="button"
          className="annotation-color"
          data-color={color}
          aria-label={colorName(color)}
          title={colorName(color)}
          aria-pressed={current === color}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(color)}
        />
      ))}
    </fieldset>
  );
}
