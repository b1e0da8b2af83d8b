/** "London Heathrow (LHR)": what the option shows and what the input holds once picked. */
export function airportLabel(airport) {
  return `${airport.city} ${airport.name} (${airport.code})`;
}

/** Options as the combobox uses them: the airport plus its label. */
export function toOptions(airports) {
  return airports.map((airport) => ({ value: airport.code, label: airportLabel(airport) }));
}
