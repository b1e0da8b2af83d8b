/** Escaping and the shared style of every HTML page: self-contained, system fonts only, nothing fetched. */

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Numbers set with a true minus sign (U+2212), as in print. */
export function num(text: string): string {
  return escapeHtml(text).replace(/-(?=\d)/g, '\u2212');
}

export function headerCells(cells: readonly { text: string; numeric?: boolean }[]): string {
  return `<tr>${cells.map((c) => `<th${c.numeric ? ' class="n"' : ''}>${escapeHtml(c.text)}</th>`).join('')}</tr>`;
}

/** A table from its column names (the first names the row) and its rows of plain text, every cell escaped. */
export function simpleTable(
  className: string,
  columns: readonly string[],
  rows: readonly (readonly string[])[],
  numeric: (column: number) => boolean = (column) => column > 0,
): string {
  const body = rows
    .map(
      ([head, ...cells]) =>
        `<tr><th scope="row">${escapeHtml(head!)}</th>${cells.map((cell, i) => `<td${numeric(i + 1) ? ' class="n"' : ''}>${numeric(i + 1) ? num(cell) : escapeHtml(cell)}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table class="${className}"><thead>${headerCells(columns.map((text, i) => ({ text, numeric: numeric(i) })))}</thead><tbody>${body}</tbody></table>`;
}

/** Print-friendly, system fonts only: nothing is fetched. */
export const STYLE = `
:root { --ink: #1f2328; --muted: #59636e; --rule: #d0d7de; --paper: #ffffff; --accent: #0b4f8a; }
* { box-sizing: border-box; }
body { margin: 0; background: #f6f5f1; color: var(--ink); font: 16px/1.5 Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif; }
main { max-width: 1200px; margin: 1.5rem auto; padding: 2rem 2.5rem; background: var(--paper); box-shadow: 0 1px 3px rgba(0,0,0,.08); }
header { border-bottom: 2px solid var(--ink); padding-bottom: 1rem; margin-bottom: 1.5rem; }
.kicker { margin: 0; font: 600 .75rem/1.2 system-ui, sans-serif; letter-spacing: .12em; text-transform: uppercase; color: var(--accent); }
h1 { margin: .35rem 0 .5rem; font-size: 2rem; font-weight: 600; line-height: 1.2; }
h2 { margin: 2.25rem 0 .75rem; font-size: 1.3rem; font-weight: 600; border-bottom: 1px solid var(--rule); padding-bottom: .25rem; }
h3 { margin: 1.25rem 0 .5rem; font-size: 1.05rem; font-weight: 600; }
.meta, .plan, figcaption, .note { color: var(--muted); font-size: .9rem; }
.meta, .plan { margin: .15rem 0; }
code { font: .85em ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; word-break: break-all; }
.banner { margin: 1rem 0; padding: .75rem 1rem; border-left: 4px solid #6e5494; background: #f4f0fa; }
.abstract { margin: 0; padding: 0; list-style: none; }
.abstract li { margin: .35rem 0; }
figure { margin: 1rem 0 1.5rem; }
figcaption { margin-top: .5rem; }
figcaption b { color: var(--ink); }
svg.forest { width: 100%; height: auto; display: block; font-family: system-ui, sans-serif; }
svg.forest text { font-size: 12px; fill: var(--ink); }
svg.forest .muted { fill: var(--muted); }
svg.forest .num { font-variant-numeric: tabular-nums; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 11.5px; }
table { border-collapse: collapse; width: 100%; margin: .75rem 0; font-size: .88rem; border-top: 2px solid var(--ink); border-bottom: 2px solid var(--ink); }
thead th { border-bottom: 1px solid var(--ink); font-weight: 600; text-align: left; vertical-align: bottom; overflow-wrap: normal; }
th, td { padding: .35rem .45rem; vertical-align: top; overflow-wrap: break-word; }
tbody th { text-align: left; font-weight: 600; min-width: 7em; }
ul.method li { margin: .3rem 0; }
tbody tr + tr td, tbody tr + tr th { border-top: 1px solid #eef0f2; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
td.n { white-space: nowrap; }
td.wrap { white-space: normal; }
.badge { display: inline-block; padding: .05rem .5rem; border-radius: 999px; color: #fff; font: 600 .78rem/1.5 system-ui, sans-serif; white-space: nowrap; }
.holds { color: #1a7f37; } .fails { color: #b42318; }
dl.reasons { margin: .75rem 0 0; } dl.reasons dt { margin-top: .6rem; font-weight: 600; } dl.reasons dd { margin: .15rem 0 0 1.25rem; } dl.reasons ul { margin: 0; padding-left: 1rem; }
ul.gaps li { margin: .2rem 0; }
.table-scroll { overflow-x: auto; }
table.matrix { font-size: .8rem; width: auto; min-width: 60%; }
table.matrix td.cell { text-align: center; min-width: 5.5rem; font-variant-numeric: tabular-nums; }
table.matrix td.gap { outline: 2px dashed #bc4c00; outline-offset: -3px; }
table.matrix td.cell a { color: inherit; font-size: .72rem; margin: 0 .15rem; }
.legend { display: flex; align-items: center; gap: .5rem; font-size: .8rem; color: var(--muted); }
.legend .ramp { width: 140px; height: 10px; background: linear-gradient(90deg, rgb(247,251,255), rgb(8,81,156)); border: 1px solid var(--rule); }
footer { margin-top: 2.5rem; padding-top: .75rem; border-top: 1px solid var(--rule); color: var(--muted); font-size: .8rem; }
@media (max-width: 1100px) { main { margin: 0; padding: 1.25rem 1rem; } }
@media print { body { background: none; } main { box-shadow: none; margin: 0; padding: 0; } }
`;
