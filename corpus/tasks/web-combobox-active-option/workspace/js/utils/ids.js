/** Element ids derived from the field name, so labels and aria references line up. */
export function comboboxIds(name) {
  return {
    input: `${name}-input`,
    listbox: `${name}-listbox`,
    label: `${name}-label`,
    status: `${name}-status`,
  };
}

export function optionId(listboxId, index) {
  return `${listboxId}-option-${index}`;
}
