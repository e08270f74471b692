// grundy serve's page: heatmaps, sequences, patterns and their downloads.
'use strict';

// ---- Explore ----

function download(name, data, type) {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const a = el('a', { href: URL.createObjectURL(blob), download: name });
  document.body.append(a); a.click(); a.remove();
}

function downloads(items) {
  const bar = el('p', { class: 'downloads' }, 'Download: ');
  for (const [label, make] of items) {
    bar.append(el('button', { text: label, onclick: () => guarded(make) }), ' ');
  }
  return bar;
}

function slug() {
  return $('description').value.trim().replace(/[^A-Za-z0-9.,-]+/g, '_') || 'game';
}

async function explore() {
  const out = $('exploration');
  const cols = $('cols').value.trim();
  const base = { ...spec(), rows: $('rows').value.trim() };
  if (cols && !isHeapGame()) return heatmap({ ...base, cols }, out);
  return scatter(base, out);
}

async function heatmap(body, out) {
  const answer = await api('/heatmap', body);
  const { table, layout } = answer;
  out.replaceChildren();
  out.append(el('h3', { text: `${table.game}: ${table.kind} (rows x, columns y)` }));
  const readout = el('p', { class: 'readout', id: 'hover', 'aria-live': 'polite', text: 'Point at a cell to read its value; click it to analyse it.' });
  const frame = el('div', { class: 'heatmap', tabindex: '0', role: 'img', 'aria-label': 'heatmap: arrow keys move, Enter analyses the cell' });
  const svg = el('img', { src: `data:image/png;base64,${answer.png}`, alt: `heatmap of ${table.game}`, width: layout.width, height: layout.height });
  frame.append(svg);
  const cursor = el('div', { class: 'cursor', hidden: '' });
  frame.append(cursor);
  let at = [0, 0];
  const cellAt = (event) => {
    const box = svg.getBoundingClientRect();
    const sx = (event.clientX - box.left) * layout.width / box.width;
    const sy = (event.clientY - box.top) * layout.height / box.height;
    const c = Math.floor((sx - layout.grid_left) / layout.cell);
    const r = Math.floor((sy - layout.grid_top) / layout.cell);
    return r >= 0 && c >= 0 && r < table.rows.length && c < table.columns.length ? [r, c] : null;
  };
  const show = ([r, c]) => {
    at = [r, c];
    const v = table.cells[r][c];
    readout.textContent = `position ${table.rows[r]},${table.columns[c]}: ${v == null ? 'off the board' : `${table.kind} ${v}`}`;
    const box = svg.getBoundingClientRect(); const fbox = frame.getBoundingClientRect();
    const scale = box.width / layout.width;
    Object.assign(cursor.style, {
      left: `${box.left - fbox.left + (layout.grid_left + c * layout.cell) * scale}px`,
      top: `${box.top - fbox.top + (layout.grid_top + r * layout.cell) * scale}px`,
      width: `${layout.cell * scale}px`, height: `${layout.cell * scale}px`,
    });
    cursor.hidden = false;
  };
  const open = ([r, c]) => {
    $('position').value = `${table.rows[r]},${table.columns[c]}`;
    drawEditor();
    selectTab('analyse');
    guarded(analyse);
  };
  frame.addEventListener('mousemove', (e) => { const cell = cellAt(e); if (cell) show(cell); });
  frame.addEventListener('click', (e) => { const cell = cellAt(e); if (cell) open(cell); });
  frame.addEventListener('keydown', (e) => {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) {
      e.preventDefault();
      const r = Math.min(table.rows.length - 1, Math.max(0, at[0] + moves[e.key][0]));
      const c = Math.min(table.columns.length - 1, Math.max(0, at[1] + moves[e.key][1]));
      show([r, c]);
    } else if (e.key === 'Enter') open(at);
  });
  frame.addEventListener('focus', () => show(at));
  out.append(readout, frame);
  out.append(downloads([
    ['PNG', async () => download(`${slug()}.png`, await api('/picture', { ...body, format: 'png' }, { raw: true }))],
    ['SVG', async () => download(`${slug()}.svg`, await api('/picture', { ...body, format: 'svg' }, { raw: true }))],
    ['CSV', async () => download(`${slug()}.csv`, await api('/table', { ...body, format: 'csv' }, { raw: true }))],
    ['JSON', async () => download(`${slug()}.json`, JSON.stringify(table), 'application/json')],
  ]));
}

async function scatter(base, out) {
  const to = base.rows.split('..')[1];
  const sequenceBody = { game: base.game, to: Number(to), play: play() === 'misere' ? 'misere' : 'normal' };
  const [sequence, picture] = [await api('/sequence', sequenceBody), await api('/picture', { ...base, format: 'svg' }, { raw: true })];
  out.replaceChildren();
  out.append(el('h3', { text: `${sequence.game}: ${sequence.play === 'misere' ? 'misère ' : ''}nim-values of heaps 0..${sequence.values.length - 1}` }));
  out.append(el('pre', { class: 'periodicity', id: 'periodicity', text: sequence.summary }));
  const img = el('img', { class: 'scatter', alt: `nim-value against heap size for ${sequence.game}`, src: URL.createObjectURL(picture) });
  out.append(img);
  out.append(el('p', { class: 'values', text: sequence.values.slice(0, 200).join(' ') + (sequence.values.length > 200 ? ' …' : '') }));
  const csv = 'heap,nim_value\n' + sequence.values.map((v, n) => `${n},${v}`).join('\n') + '\n';
  out.append(downloads([
    ['PNG', async () => download(`${slug()}.png`, await api('/picture', { ...base, format: 'png' }, { raw: true }))],
    ['SVG', async () => download(`${slug()}.svg`, picture)],
    ['CSV', async () => download(`${slug()}.csv`, csv, 'text/csv')],
    ['JSON', async () => download(`${slug()}.json`, JSON.stringify(sequence), 'application/json')],
  ]));
}

async function pattern() {
  const cols = $('cols').value.trim();
  const body = { ...spec(), rows: $('rows').value.trim() };
  if (cols && !isHeapGame()) body.cols = cols;
  const report = await api('/pattern', body);
  const out = $('exploration');
  out.replaceChildren(el('h3', { text: 'Pattern' }), el('pre', { class: 'pattern', id: 'pattern', text: report.text }));
  out.append(downloads([['JSON', async () => download(`${slug()}-pattern.json`, JSON.stringify(report), 'application/json')]]));
}

