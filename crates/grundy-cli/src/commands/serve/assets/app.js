// grundy serve's page: plain JavaScript over the JSON API (no build step).
'use strict';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
let entries = [];
let current = null; // the running request: {job, controller}
let session = null; // the game in progress
let lastAnalysis = null;

function el(tag, attrs = {}, ...children) {
  const node = tag.startsWith('svg:') ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') node.textContent = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c != null) node.append(c);
  return node;
}

// ---- requests: errors as messages, long work with progress and Cancel ----

async function api(path, body, { method = body ? 'POST' : 'GET', raw = false } = {}) {
  const job = Math.random().toString(36).slice(2);
  const controller = new AbortController();
  current = { job, controller };
  if (body && typeof body === 'object') body = { ...body, job };
  const started = Date.now();
  const show = setTimeout(() => { $('busy').hidden = false; }, 250);
  const poll = setInterval(async () => {
    let text = `working… ${((Date.now() - started) / 1000).toFixed(1)} s`;
    try {
      const r = await fetch(`/api/jobs/${job}`);
      if (r.ok) {
        const s = await r.json();
        if (s.total) text += ` — ${s.done.toLocaleString()} of ${s.total.toLocaleString()}`;
        else if (s.done) text += ` — ${s.stage || 'steps'}: ${s.done.toLocaleString()}`;
      }
    } catch (_) { /* the job may have ended */ }
    $('busy-text').textContent = text;
  }, 500);
  try {
    const response = await fetch('/api' + path, {
      method,
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: controller.signal,
    });
    if (!response.ok) {
      let message = `${response.status} ${response.statusText}`;
      // (Cancel aborts the fetch while this body may still be read: that is
      // a cancel, not an answer that is not JSON.)
      try { message = (await response.json()).error || message; } catch (e) { if (e.name === 'AbortError') throw e; }
      throw new Error(message);
    }
    return raw ? await response.blob() : await response.json();
  } catch (e) {
    if (e.name === 'AbortError') throw new Error('cancelled');
    throw e;
  } finally {
    clearTimeout(show);
    clearInterval(poll);
    $('busy').hidden = true;
    $('busy-text').textContent = 'working…';
    if (current && current.job === job) current = null;
  }
}

$('cancel').addEventListener('click', async () => {
  if (!current) return;
  const { job, controller } = current;
  try { await fetch('/api/cancel', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ job }) }); } catch (_) { /* ignore */ }
  controller.abort();
});

function showError(message) {
  const box = $('error');
  box.textContent = message ? `Error: ${message}` : '';
  box.hidden = !message;
}

async function guarded(action) {
  showError('');
  try { await action(); } catch (e) { showError(e.message); }
}

// ---- the game: registry, description, board, position ----

function entry() {
  const text = $('description').value.trim();
  const name = text.split(':')[0];
  return entries.find((e) => e.name === name) ||
    (/^(\d|\.|hex:)/.test(text) ? entries.find((e) => e.name === 'take-and-break') : null);
}

function kind() {
  const e = entry();
  if (!e) return 'text';
  if (e.name === 'cram') return 'cram';
  if (e.name === 'chomp') return 'chomp';
  if (e.name === 'mine') return 'mine';
  if (e.position.startsWith('a cell x,y')) return 'tokens';
  if (e.position.startsWith("a bomb's cell")) return 'bombs';
  return 'text';
}

function isHeapGame() {
  const e = entry();
  return !!e && e.position === 'a heap size';
}

function spec() {
  const body = { game: $('description').value.trim() };
  if (!$('board').closest('.row').hidden) {
    if ($('board').value.trim()) body.board = $('board').value.trim();
    if ($('goal').value.trim()) body.goal = $('goal').value.trim();
  }
  if (!$('graph').closest('.row').hidden) body.graph = $('graph').value;
  return body;
}

function positions() {
  return $('position').value.trim().split(/\s+/).filter((p) => p);
}

function play() {
  return document.querySelector('input[name=play]:checked').value;
}

/// The description and position of a registry example: `grundy solve [--flags] DESC POS…`.
function parseExample(example) {
  const words = example.match(/'[^']*'|\S+/g).slice(2).map((w) => w.replace(/^'|'$/g, ''));
  const flags = {};
  const rest = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === '--board' || words[i] === '--goal') flags[words[i].slice(2)] = words[++i];
    else if (words[i].startsWith('--')) flags[words[i].slice(2)] = true;
    else rest.push(words[i]);
  }
  return { description: rest[0], positions: rest.slice(1), flags };
}

function pick(name) {
  const e = entries.find((x) => x.name === name);
  const example = parseExample(e.example);
  $('description').value = example.description;
  $('board').value = example.flags.board || '';
  $('goal').value = example.flags.goal || '';
  let given = example.positions;
  if (e.name === 'graph') {
    given = given.slice(1);
    $('graph').value = '# vertices 0..5; a line "v: options" lists the moves from v\n0: 1\n1: 2\n2: 0 3\n3:\n4: 5\n5: 4';
  }
  $('position').value = given.join(' ');
  document.querySelector(`input[name=play][value=${example.flags.misere ? 'misere' : 'normal'}]`).checked = true;
  refresh();
}

function refresh() {
  const e = entry();
  $('about').textContent = e
    ? `${e.about} — parameters: ${e.parameters}; position: ${e.position}; example: ${e.example}`
    : 'Not a registry game: `grundy list` shows the descriptions it reads.';
  $('board').closest('.row').hidden = !(e && e.parameters.includes('--board'));
  $('graph').closest('.row').hidden = !(e && e.name === 'graph');
  $('registry').value = e ? e.name : '';
  drawEditor();
}

// ---- boards drawn from positions, clickable ----

function boardModel(text = $('position').value.trim()) {
  const k = kind();
  if (k === 'cram' || k === 'mine') {
    const m = /^(\d+)\s*[xX]\s*(\d+)$/.exec(text);
    if (k === 'cram' && m) return { k, grid: Array.from({ length: +m[1] }, () => '.'.repeat(+m[2]).split('')) };
    if (!/^[.#*/]+$/.test(text)) return null;
    const grid = text.split('/').map((r) => r.split(''));
    return grid.length <= 30 && grid.every((r) => r.length <= 30) ? { k, grid } : null;
  }
  if (k === 'chomp') {
    const m = /^(\d+)\s*[xX]\s*(\d+)$/.exec(text);
    const lengths = m ? Array.from({ length: +m[1] }, () => +m[2]) : text.split(',').map(Number);
    if (!lengths.length || lengths.some((n) => !Number.isInteger(n) || n < 0 || n > 30) || lengths.length > 30) return null;
    return { k, lengths };
  }
  if (k === 'tokens' || k === 'bombs') {
    const origin = k === 'bombs' ? 1 : 0;
    const cells = positions().map((p) => p.split(',').map(Number));
    if (cells.some((c) => c.length !== 2 || c.some((n) => !Number.isInteger(n)))) return null;
    const m = /^(\d+)x(\d+)$/i.exec($('board').value.trim());
    const reach = (i) => Math.max(8, ...cells.map((c) => c[i] + 2));
    const rows = m ? +m[1] : reach(0);
    const cols = m ? +m[2] : reach(1);
    if (rows > 30 || cols > 30) return null;
    return { k, origin, cells, rows: rows + (m ? 0 : 0), cols };
  }
  return null;
}

/// Draws the model as a grid of buttons; `marks` colours cells (moves).
function drawBoard(model, { onClick = null, marks = new Map() } = {}) {
  const grid = el('div', { class: 'board', role: 'grid' });
  let rows; let cols; let state;
  if (model.k === 'cram' || model.k === 'mine') {
    rows = model.grid.length; cols = Math.max(...model.grid.map((r) => r.length));
    state = (r, c) => ({ '.': 'empty', '#': 'filled', '*': 'mine' })[model.grid[r][c]] || 'off';
  } else if (model.k === 'chomp') {
    rows = model.lengths.length; cols = Math.max(1, ...model.lengths);
    state = (r, c) => (r === 0 && c === 0 ? 'poison' : c < model.lengths[r] ? 'bar' : 'off');
  } else {
    rows = model.rows; cols = model.cols;
    const goal = $('goal').value.trim();
    state = (r, c) => {
      const x = r + model.origin; const y = c + model.origin;
      const n = model.cells.filter((t) => t[0] === x && t[1] === y).length;
      if (n) return 'token';
      return goal === `${x},${y}` ? 'goal' : 'empty';
    };
  }
  grid.style.gridTemplateColumns = `repeat(${cols}, var(--cell))`;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const s = state(r, c);
      const origin = model.origin || 0;
      const label = `${r + origin},${c + origin}`;
      const cell = el('button', { class: `cell ${s}`, 'aria-label': `cell ${label}: ${s}`, title: label, 'data-cell': label });
      if (s === 'token') cell.textContent = model.k === 'bombs' ? '●' : '♞';
      if (s === 'poison') cell.textContent = '☠';
      if (s === 'goal') cell.textContent = 'G';
      const mark = marks.get(`${r},${c}`);
      if (mark) { cell.style.background = mark.colour; cell.classList.add('marked'); cell.title = `${label}: ${mark.title}`; }
      if (onClick) cell.addEventListener('click', () => onClick(r, c));
      else cell.tabIndex = -1;
      grid.append(cell);
    }
  }
  return grid;
}

function drawEditor() {
  const box = $('editor');
  box.replaceChildren();
  const model = boardModel();
  if (!model) return;
  box.append(el('p', { class: 'hint', text: {
    cram: 'Click a cell to fill or empty it.',
    mine: 'Click a cell to place or remove a mine.',
    chomp: 'Click a square to chomp it and everything below and to its right.',
    tokens: 'Click a cell to place or remove a token.',
    bombs: 'Click a cell to place or remove a bomb.',
  }[model.k] }));
  box.append(drawBoard(model, { onClick: (r, c) => edit(model, r, c) }));
}

function edit(model, r, c) {
  if (model.k === 'cram' || model.k === 'mine') {
    const from = model.k === 'cram' ? '.' : '.'; const to = model.k === 'cram' ? '#' : '*';
    model.grid[r][c] = model.grid[r][c] === from ? to : from;
    $('position').value = model.grid.map((row) => row.join('')).join('/');
  } else if (model.k === 'chomp') {
    if (r === 0 && c === 0) return;
    model.lengths = model.lengths.map((n, i) => (i >= r ? Math.min(n, c) : n));
    while (model.lengths.length > 1 && model.lengths[model.lengths.length - 1] === 0) model.lengths.pop();
    $('position').value = model.lengths.join(',');
  } else {
    const x = r + model.origin; const y = c + model.origin;
    const i = model.cells.findIndex((t) => t[0] === x && t[1] === y);
    if (i >= 0) model.cells.splice(i, 1); else model.cells.push([x, y]);
    $('position').value = model.cells.map((t) => t.join(',')).join(' ');
  }
  drawEditor();
  const focused = document.querySelector(`#editor [data-cell="${r + (model.origin || 0)},${c + (model.origin || 0)}"]`);
  if (focused) focused.focus();
}

// ---- values and their colours ----

const COLOURS = { win: [26, 152, 80], lose: [200, 40, 40], draw: [230, 170, 20] };

function shade(value, remoteness, most) {
  const [r, g, b] = COLOURS[value];
  const t = remoteness == null || !most ? 0 : Math.min(remoteness, most) / most;
  const mix = (x) => Math.round(x + (255 - x) * 0.55 * t);
  return `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`;
}

function valueText(m) {
  const r = m.remoteness;
  const when = r == null ? '' : r === 0 ? ' at once' : ` in ${r} more move${r === 1 ? '' : 's'}`;
  return { win: `wins${when}`, lose: `loses${when}`, draw: 'draws' }[m.value];
}

const OUTCOMES = {
  N: 'N-position: the player to move wins',
  P: 'P-position: the player to move loses',
  D: 'draw with perfect play',
  Draw: 'draw with perfect play',
};

/// The cells a move changes, for drawing it on the board.
function moveCells(model, text) {
  const [from, to] = text.split(' -> ').map((s) => (s || '').trim());
  const cells = [];
  if (model.k === 'mine') {
    const m = /(\d+),(\d+)/.exec(text);
    if (m) cells.push([+m[1], +m[2]]);
  } else if (model.k === 'cram' && to) {
    const a = from.split('/'); const b = to.split('/');
    a.forEach((row, r) => row.split('').forEach((ch, c) => { if (ch === '.' && b[r] && b[r][c] === '#') cells.push([r, c]); }));
  } else if (model.k === 'chomp' && to) {
    const a = from.split(',').map(Number); const b = to.split(',').map(Number);
    const r = a.findIndex((n, i) => (b[i] || 0) < n);
    if (r >= 0) cells.push([r, b[r] || 0]);
  } else if ((model.k === 'tokens' || model.k === 'bombs') && to) {
    for (const part of to.split(' + ')) {
      const p = part.split(',').map(Number);
      if (p.length === 2) cells.push([p[0] - model.origin, p[1] - model.origin]);
    }
  }
  return cells;
}

/// The position after a move, where the move names its summand as given.
function positionAfter(summands, text) {
  const [from, to] = text.split(' -> ').map((s) => (s || '').trim());
  const i = summands.indexOf(from);
  if (!to || i < 0) return null;
  const next = summands.slice();
  next.splice(i, 1, ...(to === 'nothing' ? [] : to.split(' + ')));
  return next;
}

// ---- Analyse ----

async function analyse() {
  const body = { ...spec(), position: positions(), play: play() };
  const answer = await api('/analyse', body);
  lastAnalysis = answer;
  renderAnalysis(answer, body.position);
}

function renderAnalysis(answer, summands) {
  const { report } = answer;
  const out = $('analysis');
  out.replaceChildren();
  const facts = el('dl', { class: 'facts' });
  const fact = (term, value) => facts.append(el('dt', { text: term }), el('dd', { text: value }));
  fact('position', report.position.join(' + '));
  fact('play', report.play);
  fact('outcome', `${report.outcome} (${OUTCOMES[report.outcome] || report.outcome})`);
  if (report.generalized_value) fact('value', report.generalized_value);
  else if (report.nim_value != null) fact('nim-value', String(report.nim_value));
  const component = report.components.length === 1 ? report.components[0] : null;
  if (component && component.genus) fact('genus', component.genus);
  const remoteness = answer.judgement && answer.judgement.remoteness;
  if (component && component.remoteness != null) fact('remoteness', String(component.remoteness));
  else if (remoteness != null) fact('remoteness', String(remoteness));
  if (report.method) fact('decided by', report.method);
  if (report.note) fact('note', report.note);
  if (answer.note) fact('moves', answer.note);
  out.append(el('h3', { text: 'Result' }), facts);
  if (report.components.length > 1) {
    const table = el('table', { class: 'components' }, el('tr', {}, el('th', { text: 'component' }), el('th', { text: 'value' })));
    for (const c of report.components) {
      const v = c.genus ? `genus ${c.genus}` : c.generalized_value ? c.generalized_value
        : c.nim_value != null ? `nim-value ${c.nim_value}` : c.suspense != null ? `suspense ${c.suspense}` : '';
      table.append(el('tr', {}, el('td', { text: c.position }), el('td', { text: v })));
    }
    out.append(el('h3', { text: `Components (${report.components.length})` }), table);
  }
  // Every move with its value; where the engine could not value each
  // move, the report's winning moves.
  let moves = answer.moves;
  if (!moves) {
    moves = report.winning_moves.map((m) => ({ move: `${m.from} -> ${m.to.length ? m.to.join(' + ') : 'nothing'}`, value: 'win', remoteness: null }));
    moves.push(...report.drawing_moves.map((m) => ({ move: `${m.from} -> ${m.to.join(' + ')}`, value: 'draw', remoteness: null })));
  }
  const optionValue = new Map(report.winning_moves.map((m) => [`${m.from} -> ${m.to.length ? m.to.join(' + ') : 'nothing'}`, m.nim_value]));
  const most = Math.max(1, ...moves.map((m) => m.remoteness || 0));
  const winning = moves.filter((m) => m.value === 'win').length;
  out.append(el('h3', { text: `Moves (${moves.length}; ${winning} winning)` }));
  out.append(legend());
  const model = boardModel(summands.join(' '));
  const perMove = model && ['cram', 'chomp', 'mine'].includes(model.k);
  if (model && !perMove) {
    const marks = new Map();
    for (const m of moves) {
      for (const [r, c] of moveCells(model, m.move)) {
        const key = `${r},${c}`;
        const rank = { win: 3, draw: 2, lose: 1 }[m.value];
        const old = marks.get(key);
        if (!old || old.rank < rank) marks.set(key, { rank, colour: shade(m.value, m.remoteness, most), title: `${m.move}: ${valueText(m)}` });
      }
    }
    out.append(el('div', { class: 'drawn' }, drawBoard(model, { marks })));
  }
  const list = el('ol', { class: 'moves', id: 'move-list' });
  for (const m of moves) {
    const after = positionAfter(summands, m.move);
    const v = optionValue.get(m.move);
    const label = `${m.move}  —  ${valueText(m)}${v != null ? ` (option's nim-value ${v})` : ''}`;
    const item = el('li', { class: `move ${m.value}`, style: `--swatch: ${shade(m.value, m.remoteness, most)}` });
    if (perMove) {
      const marks = new Map(moveCells(model, m.move).map(([r, c]) => [`${r},${c}`, { colour: shade(m.value, m.remoteness, most), title: valueText(m) }]));
      const mini = drawBoard(model, { marks });
      mini.classList.add('mini');
      mini.setAttribute('aria-hidden', 'true');
      item.append(mini);
    }
    if (after) {
      item.append(el('button', { class: 'link', text: label, title: 'open the position after this move', onclick: () => {
        $('position').value = after.join(' '); drawEditor(); guarded(analyse);
      } }));
    } else item.append(el('span', { text: label }));
    list.append(item);
  }
  if (!moves.length) list.append(el('li', { text: 'no moves: the game is over' }));
  out.append(list);
}

function legend() {
  return el('p', { class: 'legend' },
    el('span', { class: 'swatch', style: `background:${shade('win', 0, 1)}` }), ' winning ',
    el('span', { class: 'swatch', style: `background:${shade('lose', 0, 1)}` }), ' losing ',
    el('span', { class: 'swatch', style: `background:${shade('draw', 0, 1)}` }), ' drawing ',
    el('span', { class: 'faint', text: '(paler: the game lasts longer)' }));
}

// ---- tabs, keyboard, start ----

function selectTab(name) {
  for (const tab of document.querySelectorAll('[role=tab]')) {
    const on = tab.getAttribute('aria-controls') === name;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    $(tab.getAttribute('aria-controls')).hidden = !on;
  }
}

function activeTab() {
  return document.querySelector('[role=tab][aria-selected=true]').getAttribute('aria-controls');
}

document.querySelectorAll('[role=tab]').forEach((tab, i, tabs) => {
  tab.addEventListener('click', () => selectTab(tab.getAttribute('aria-controls')));
  tab.addEventListener('keydown', (e) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (!step) return;
    const next = tabs[(i + step + tabs.length) % tabs.length];
    selectTab(next.getAttribute('aria-controls'));
    next.focus();
  });
});

for (const id of ['description', 'position', 'board', 'goal', 'rows', 'cols']) {
  $(id).addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    ({ analyse: () => guarded(analyse), play: () => guarded(startGame), explore: () => guarded(explore) })[activeTab()]();
  });
}
$('description').addEventListener('input', refresh);
$('position').addEventListener('input', drawEditor);
$('board').addEventListener('input', drawEditor);
$('goal').addEventListener('input', drawEditor);
$('registry').addEventListener('change', () => pick($('registry').value));
$('analyse-go').addEventListener('click', () => guarded(analyse));
$('play-start').addEventListener('click', () => guarded(startGame));
$('play-undo').addEventListener('click', () => guarded(async () => renderGame(await api(`/play/${session}/undo`, {}))));
$('play-hint').addEventListener('click', () => guarded(async () => {
  const hint = await api(`/play/${session}/hint`);
  const p = el('p', { class: 'hint-text', id: 'hint', text: hint.move ? `Hint: ${hint.move} — ${hint.why}` : 'Hint: there is no move' });
  const old = $('hint'); if (old) old.remove();
  $('game-view').prepend(p);
}));
$('show-values').addEventListener('change', () => { if (session) guarded(async () => renderGame(await api(`/play/${session}`))); });
$('explore-heatmap').addEventListener('click', () => guarded(explore));
$('explore-pattern').addEventListener('click', () => guarded(pattern));

(async () => {
  await guarded(async () => {
    entries = await api('/games');
    $('registry').append(el('option', { value: '', text: '— a description typed below —', disabled: '' }));
    for (const e of entries) $('registry').append(el('option', { value: e.name, text: e.syntax }));
    pick('nim');
  });
})();
