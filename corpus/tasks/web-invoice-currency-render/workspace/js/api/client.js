/** GETs a JSON file relative to the page; a missing file is an error the app shows. */
export async function getJson(path) {
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`could not load ${path} (${response.status})`);
  return response.json();
}
